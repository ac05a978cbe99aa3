import type { ReactNode } from "react";

/** One headline figure with a caption; dense enough to put eight in a row. */
export function StatCard({ label, value, detail, testId }: { label: string; value: ReactNode; detail?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface px-4 py-3 shadow-xs" data-testid={testId}>
      <div className="text-xs font-medium text-muted">{label}</div>
      <div className="mt-1 text-xl font-semibold text-ink tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </div>
      {detail ? <div className="mt-0.5 text-xs text-muted tabular-nums">{detail}</div> : null}
    </div>
  );
}
