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
  const shownRuns = byRun.slice(0, RUNS_SHOWN);
  return (
    <div className="mb-4 grid gap-3 text-sm sm:grid-cols-[auto_1fr]" data-testid="search-counts">
      <span className="text-muted">By domain</span>
      <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="search-by-domain">
        {byDomain.map((domain) => (
          <li key={domain.key} data-testid="search-domain-count" data-key={domain.key} data-count={domain.count}>
            <Link href={searchHref({ ...params, domain: domain.key, page: 0 })} className="text-accent hover:underline">{domain.label}</Link>{" "}
            <span className="tabular-nums">{domain.count}</span>
          </li>
        ))}
      </ul>
      <span className="text-muted">By run</span>
      <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="search-by-run">
        {shownRuns.map((run) => (
          <li key={run.key} data-testid="search-run-count" data-key={run.key} data-count={run.count}>
            <Link href={searchHref({ ...params, run: run.key, page: 0 })} className="text-accent hover:underline">{run.label}</Link>{" "}
            <span className="tabular-nums">{run.count}</span>
          </li>
        ))}
        {byRun.length > RUNS_SHOWN ? <li className="text-muted">and {byRun.length - RUNS_SHOWN} more runs</li> : null}
      </ul>
    </div>
  );
}
