import type { ComponentProps } from "react";
import clsx from "clsx";

export type BadgeTone = "neutral" | "accent" | "good" | "bad" | "warn";

/** A small pill for statuses, versions and counts (classes `badge badge-<tone>` in globals.css). */
export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={clsx("badge", `badge-${tone}`, className)}
      {...props}
    />
  );
}
