import { ratio } from "@/lib/metrics/wilson";

/**
 * Done / total bar with the percentage; used in the runs list and on the run page. `skipped`: tasks a
 * cancel or the budget left unstarted (drawn apart, so a stopped run's bar says why it stopped short).
 * Without skipped tasks the bar is a native <progress> (class `meter`): every row of the runs list
 * repeats it, and it says in one element what a track, a fill and four ARIA attributes said.
 */
export function RunProgress({ done, total, skipped = 0, wide = false }: { done: number; total: number; skipped?: number; wide?: boolean }) {
  const percent = Math.round(ratio(done, total) * 100);
  return (
    <div className="progress" data-testid="run-progress" data-done={done} data-total={total} data-skipped={skipped || undefined}>
      {skipped > 0 ? (
        <div
          className={wide ? "progress-track flex h-2 w-full overflow-hidden" : "progress-track flex overflow-hidden"}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
          <div className="h-full bg-line" style={{ width: `${Math.round(ratio(skipped, total) * 100)}%` }} title={`${skipped} skipped`} />
        </div>
      ) : (
        // max 0 is not a valid <progress>; an empty run shows an empty bar.
        <progress className={wide ? "meter h-2 w-full" : "meter"} value={done} max={Math.max(total, 1)} />
      )}
      {/* One string, not four text nodes: every row of the runs list repeats it. */}
      <span className="sub shrink-0 tabular-nums" data-testid="run-progress-text">{`${done}/${total} · ${percent} %${skipped > 0 ? ` · ${skipped} skipped` : ""}`}</span>
    </div>
  );
}
