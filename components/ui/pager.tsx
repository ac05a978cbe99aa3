import Link from "next/link";

/** "Page i of n" with previous / next links; nothing when everything fits on one page. */
export function Pager({ page, pages, href, testId }: { page: number; pages: number; href: (page: number) => string; testId?: string }) {
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between border-t border-line px-5 py-2 text-sm text-muted" data-testid={testId}>
      <span className="tabular-nums">
        Page {page + 1} of {pages}
      </span>
      <span className="flex gap-4">
        {page > 0 ? <Link href={href(page - 1)}>← Previous</Link> : null}
        {page + 1 < pages ? <Link href={href(page + 1)}>Next →</Link> : null}
      </span>
    </nav>
  );
}
