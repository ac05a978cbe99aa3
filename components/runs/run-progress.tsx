import { ratio } from "@/lib/metrics/wilson";

/** Done / total bar with the percentage; used in the runs list and on the run page. */
export function RunProgress({ done, total, wide = false }: { done: number; total: number; wide?: boolean }) {
  const share = ratio(done, total);
  const percent = Math.round(share * 100);
  return (
    <div className="flex items-center gap-2" data-testid="run-progress" data-done={done} data-total={total}>
      <div
        className={wide ? "h-2 w-full rounded-full bg-canvas ring-1 ring-line ring-inset" : "h-1.5 w-24 rounded-full bg-canvas ring-1 ring-line ring-inset"}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="shrink-0 text-xs text-muted tabular-nums" data-testid="run-progress-text">
        {done}/{total} · {percent} %
      </span>
    </div>
  );
}
