import Link from "next/link";
import clsx from "clsx";

export interface FilterOption {
  readonly value: string | undefined;
  readonly label: string;
}

/**
 * A segmented control made of links: filters live in the URL (shareable, server-rendered, no client
 * state). `hrefFor` builds the URL for an option with the other parameters kept.
 */
export function FilterTabs({
  label,
  options,
  current,
  hrefFor,
  testId,
}: {
  label: string;
  options: readonly FilterOption[];
  current: string | undefined;
  hrefFor: (value: string | undefined) => string;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <span className="text-xs font-medium text-muted">{label}</span>
      <div className="inline-flex flex-wrap rounded-lg bg-canvas p-0.5 ring-1 ring-inset ring-line">
        {options.map((option) => {
          const active = option.value === current;
          return (
            <Link
              key={option.label}
              href={hrefFor(option.value)}
              aria-current={active ? "true" : undefined}
              className={clsx(
                "rounded-md px-2.5 py-1 text-xs font-medium transition-colors",
                active ? "bg-surface text-ink shadow-xs ring-1 ring-line" : "text-muted hover:text-ink",
              )}
            >
              {option.label}
            </Link>
          );
        })}
      </div>
    </div>
  );
}

/** `?a=1&b=2` from an object, dropping empty values. */
export function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}
