import Link from "next/link";
import type { SearchCount } from "@/lib/queries/search";
import { searchHref, type SearchParams } from "@/lib/queries/search-filters";

/** Runs listed before "and N more runs": the rest are behind the run filter. */
const RUNS_SHOWN = 12;

/**
 * Where the matches are: by domain and by run, most first, each a link that narrows the search to it.
 * Only given while the count is exact (at most COUNT_CAP matches); past it the page says so instead.
 */
export function SearchCounts({ params, byRun, byDomain }: { params: SearchParams; byRun: readonly SearchCount[]; byDomain: readonly SearchCount[] }) {
  return (
    <div className="mb-4 grid gap-3 text-sm sm:grid-cols-[auto_1fr]" data-testid="search-counts">
      <span className="text-muted">By domain</span>
      <CountList counts={byDomain} href={(key) => searchHref({ ...params, domain: key, page: 0 })} testId="search-by-domain" itemTestId="search-domain-count" />
      <span className="text-muted">By run</span>
      <CountList counts={byRun} shown={RUNS_SHOWN} href={(key) => searchHref({ ...params, run: key, page: 0 })} testId="search-by-run" itemTestId="search-run-count" more="runs" />
    </div>
  );
}

/** One list of counts, each a link narrowing the search to it; past `shown`, "and N more". */
function CountList({ counts, href, testId, itemTestId, shown = counts.length, more = "" }: {
  counts: readonly SearchCount[];
  href: (key: string) => string;
  testId: string;
  itemTestId: string;
  shown?: number;
  more?: string;
}) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid={testId}>
      {counts.slice(0, shown).map((count) => (
        <li key={count.key} data-testid={itemTestId} data-key={count.key} data-count={count.count}>
          <Link href={href(count.key)} className="text-accent hover:underline">{count.label}</Link>{" "}
          <span className="tabular-nums">{count.count}</span>
        </li>
      ))}
      {counts.length > shown ? <li className="text-muted">and {counts.length - shown} more {more}</li> : null}
    </ul>
  );
}
