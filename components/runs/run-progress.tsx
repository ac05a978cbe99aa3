import { ratio } from "@/lib/metrics/wilson";

/** Done / total bar with the percentage; used in the runs list and on the run page. */
export function RunProgress({ done, total, wide = false }: { done: number; total: number; wide?: boolean }) {
  const share = ratio(done, total);
  const percent = Math.round(share * 100);
  return (
    <div className="progress" data-testid="run-progress" data-done={done} data-total={total}>
      <div
        className={wide ? "progress-track h-2 w-full" : "progress-track"}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {/* One string, not four text nodes: every row of the runs list repeats it. */}
      <span className="sub shrink-0 tabular-nums" data-testid="run-progress-text">{`${done}/${total} · ${percent} %`}</span>
    </div>
  );
}
