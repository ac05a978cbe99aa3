import type { ReactNode } from "react";
import clsx from "clsx";

/** The frame every trace event shares: step number, a coloured rail per kind, a header line. */
export function StepShell({
  index,
  kind,
  title,
  titleClassName,
  meta,
  tone = "neutral",
  divergent = false,
  children,
}: {
  index: number;
  kind: string;
  title: ReactNode;
  /** Styles the title's own span (no wrapper element: every element is sent twice per step). */
  titleClassName?: string;
  meta?: ReactNode;
  tone?: "neutral" | "accent" | "good" | "bad" | "warn";
  /** The first divergent step: ringed, and the target of the link at the top of the trace. */
  divergent?: boolean;
  children?: ReactNode;
}) {
  const rail = { neutral: "border-l-line", accent: "border-l-accent", good: "border-l-good", bad: "border-l-bad", warn: "border-l-warn" }[tone];
  return (
    <li
      id={`step-${index}`}
      tabIndex={-1}
      className={clsx("trace-step", rail, divergent && "ring-2 ring-bad")}
      data-testid={`step-${kind}`}
      data-step={index}
      {...(divergent ? { "data-divergent": true } : {})}
    >
      <div className="trace-head">
        <span className="trace-kind">{`#${index} ${kind}`}</span>
        {divergent ? <span className="rounded bg-bad-soft px-1.5 text-xs font-semibold text-bad">first divergence</span> : null}
        <span className={clsx("trace-title", titleClassName)}>{title}</span>
        {meta ? <span className="trace-meta">{meta}</span> : null}
      </div>
      {children ? <div className="trace-body">{children}</div> : null}
    </li>
  );
}
