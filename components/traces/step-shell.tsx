import type { ReactNode } from "react";
import clsx from "clsx";

/** The frame every trace event shares: step number, a coloured rail per kind, a header line. */
export function StepShell({
  index,
  kind,
  title,
  meta,
  tone = "neutral",
  divergent = false,
  children,
}: {
  index: number;
  kind: string;
  title: ReactNode;
  meta?: ReactNode;
  tone?: "neutral" | "accent" | "good" | "bad";
  /** The first divergent step: ringed, and the target of the link at the top of the trace. */
  divergent?: boolean;
  children?: ReactNode;
}) {
  const rail = { neutral: "border-l-line", accent: "border-l-accent", good: "border-l-good", bad: "border-l-bad" }[tone];
  return (
    <li
      id={`step-${index}`}
      tabIndex={-1}
      className={clsx(
        "scroll-mt-4 rounded-lg border border-line border-l-4 bg-surface shadow-xs outline-none focus:ring-2 focus:ring-accent",
        rail,
        divergent && "ring-2 ring-bad",
      )}
      data-testid={`step-${kind}`}
      data-step={index}
      data-divergent={divergent || undefined}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <span className="font-mono text-xs text-muted tabular-nums">#{index}</span>
        <span className="text-xs font-semibold tracking-wide text-muted uppercase">{kind}</span>
        {divergent ? <span className="rounded bg-bad-soft px-1.5 text-xs font-semibold text-bad">first divergence</span> : null}
        <span className="min-w-0 flex-1 truncate text-sm text-ink">{title}</span>
        {meta ? <span className="flex flex-wrap items-center gap-2 text-xs text-muted tabular-nums">{meta}</span> : null}
      </div>
      {children ? <div className="space-y-2 border-t border-line px-4 py-3">{children}</div> : null}
    </li>
  );
}
