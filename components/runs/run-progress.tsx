import { ratio } from "@/lib/metrics/wilson";

/**
 * Done / total bar with the percentage; used in the runs list and on the run page. `skipped`: tasks a
 * cancel or the budget left unstarted (drawn apart, so a stopped run's bar says why it stopped short).
 */
export function RunProgress({ done, total, skipped = 0, wide = false }: { done: number; total: number; skipped?: number; wide?: boolean }) {
  const share = ratio(done, total);
  const percent = Math.round(share * 100);
  return (
    <div className="progress" data-testid="run-progress" data-done={done} data-total={total} data-skipped={skipped}>
      <div
        className={wide ? "progress-track flex h-2 w-full overflow-hidden" : "progress-track flex overflow-hidden"}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
        {skipped > 0 ? <div className="h-full bg-line" style={{ width: `${Math.round(ratio(skipped, total) * 100)}%` }} title={`${skipped} skipped`} /> : null}
      </div>
      {/* One string, not four text nodes: every row of the runs list repeats it. */}
      <span className="sub shrink-0 tabular-nums" data-testid="run-progress-text">{`${done}/${total} · ${percent} %${skipped > 0 ? ` · ${skipped} skipped` : ""}`}</span>
    </div>
  );
}
