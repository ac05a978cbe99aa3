import type { ComponentProps } from "react";
import clsx from "clsx";

export type BadgeTone = "neutral" | "accent" | "good" | "bad" | "warn";

const toneClasses: Record<BadgeTone, string> = {
  neutral: "bg-canvas text-muted ring-line",
  accent: "bg-accent-soft text-accent ring-accent/20",
  good: "bg-good-soft text-good ring-good/20",
  bad: "bg-bad-soft text-bad ring-bad/20",
  warn: "bg-warn-soft text-warn ring-warn/30",
};

/** A small pill for statuses, versions and counts. */
export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        toneClasses[tone],
        className,
      )}
      {...props}
    />
  );
}
