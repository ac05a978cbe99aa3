import type { ReactNode } from "react";

/** What a list shows when it has nothing yet: a title, why, and what to do about it. */
export function EmptyState({
  title,
  children,
  action,
  testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center"
    >
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      {children ? <div className="mt-2 max-w-xl text-sm text-muted">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
