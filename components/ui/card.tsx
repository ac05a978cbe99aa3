import type { ComponentProps, ReactNode } from "react";
import clsx from "clsx";

/** A bordered white panel; the basic container of every page. */
export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section className={clsx("min-w-0 rounded-xl border border-line bg-surface shadow-xs", className)} {...props} />;
}

/** Title row of a card, with optional actions on the right. */
export function CardHeader({
  title,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={clsx("flex items-start justify-between gap-4 border-b border-line px-5 py-4", className)}>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold text-ink">{title}</h2>
        {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={clsx("px-5 py-4", className)} {...props} />;
}
