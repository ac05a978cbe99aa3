import type { ReactNode } from "react";
import clsx from "clsx";

/** One headline figure with a caption; dense enough to put eight in a row. `bad` draws it in red. */
export function StatCard({ label, value, detail, testId, tone }: { label: string; value: ReactNode; detail?: ReactNode; testId?: string; tone?: "bad" }) {
  return (
    <div className={clsx("rounded-xl border bg-surface px-4 py-3 shadow-xs", tone === "bad" ? "border-bad" : "border-line")} data-testid={testId}>
      <div className={clsx("text-xs font-medium", tone === "bad" ? "text-bad" : "text-muted")}>{label}</div>
      <div className={clsx("mt-1 text-xl font-semibold tabular-nums", tone === "bad" ? "text-bad" : "text-ink")} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </div>
      {detail ? <div className="mt-0.5 text-xs text-muted tabular-nums">{detail}</div> : null}
    </div>
  );
}
