import { Suspense } from "react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { SearchForm } from "@/components/search/search-form";
import { SearchHits } from "@/components/search/search-hits";
import { SearchCounts } from "@/components/search/search-counts";
import { headers } from "next/headers";
import { currentUser } from "@/lib/auth/guard";
import { clientAddressOf } from "@/lib/auth/client-address";
import { COUNT_CAP, searchFilterOptions, searchForVisitor } from "@/lib/queries/search";
import { MIN_TERM_LENGTH, SEARCH_CAUSES, searchHref, searchParamsSchema, type SearchParams } from "@/lib/queries/search-filters";
import { ALL_TOOLS } from "@/lib/workbench/tools";

export const metadata: Metadata = { title: "Search traces" };

/** How long this server process reuses the filters' choices (datasets, runs, configurations, domains). */
const OPTIONS_KEPT_MS = 10_000;
let keptOptions: { readonly at: number; readonly value: ReturnType<typeof searchFilterOptions> } | null = null;

/**
 * The filters' choices, read at most once every OPTIONS_KEPT_MS: every view of the page reads them, a
 * refused search's included, and a client looping refusals would make each one four queries. A run
 * launched meanwhile is in the run picker within 10 s (and searchable by its id in the URL at once).
 */
function filterOptions(): ReturnType<typeof searchFilterOptions> {
  const now = Date.now();
  if (!keptOptions || now - keptOptions.at > OPTIONS_KEPT_MS) {
    const value = searchFilterOptions();
    keptOptions = { at: now, value };
    value.catch(() => {
      if (keptOptions?.value === value) keptOptions = null; // a failed read is not kept
    });
  }
  return keptOptions.value;
}

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const params = searchParamsSchema.parse(await searchParams);
  const options = await filterOptions();
  return (
    <>
      <PageHeader title="Search traces" description="Every trace of every run: task text, model messages, tool calls and tool outputs. Each hit opens at its step." />
      <SearchForm params={params} options={{ ...options, tools: ALL_TOOLS.map((tool) => tool.name), causes: SEARCH_CAUSES }} />
      {params.q ? (
        <Suspense key={JSON.stringify(params)} fallback={<PanelSkeleton height={240} />}>
          <Results params={params} />
        </Suspense>
      ) : (
        <EmptyState title="Search every trace" testId="search-empty">
          Type a term with at least {MIN_TERM_LENGTH} letters or digits in a row: a customer&apos;s email address, a tool name, an error message. The match is a
          case-insensitive substring; narrow it with the filters.
        </EmptyState>
      )}
    </>
  );
}

async function Results({ params }: { params: SearchParams }) {
  // An anonymous visitor is rate-limited per client (lib/auth/search-throttle.ts); a signed-in user is not.
  const [user, requestHeaders] = await Promise.all([currentUser(), headers()]);
  const outcome = await searchForVisitor(params, { signedIn: user !== null, client: clientAddressOf(requestHeaders) });
  if (outcome.status !== "searched") {
    const title = { "too-broad": "Term too broad", "too-long": "Term too long", "timed-out": "Search stopped", throttled: "Too many searches" }[outcome.status];
    return <EmptyState title={title} testId={`search-${outcome.status}`}>{outcome.message}</EmptyState>;
  }
  const pending =
    outcome.causesPending > 0 ? (
      <p className="mb-3 text-sm text-warn" data-testid="search-causes-pending">
        The causes of {outcome.causesPending} run{outcome.causesPending === 1 ? " are" : "s are"} still being worked out: their steps may be missing here. Search again in a few seconds.
      </p>
    ) : null;
  if (outcome.total === 0) {
    return (
      <>
        {pending}
        <EmptyState title="No match" testId="search-no-hits">Nothing {params.in === "tasks" ? "in task text" : "in any step"} contains “{params.q}” with these filters.</EmptyState>
      </>
    );
  }
  const what = params.in === "tasks" ? "results whose task text matches" : `matching step${outcome.total === 1 && !outcome.capped ? "" : "s"}`;
  return (
    <>
      <p className="mb-3 text-sm text-muted" data-testid="search-count">
        {outcome.capped ? `More than ${COUNT_CAP.toLocaleString("en")}` : outcome.total} {what}
        {outcome.capped ? ": too many to count by run and domain; the pages show the first ten thousand found. Narrow with a filter." : ""}
      </p>
      {pending}
      {outcome.byRun && outcome.byDomain ? <SearchCounts params={params} byRun={outcome.byRun} byDomain={outcome.byDomain} /> : null}
      <SearchHits hits={outcome.hits} term={params.q} />
      <Pager page={outcome.page} pages={outcome.pages} href={(page) => searchHref({ ...params, page })} testId="search-pager" />
    </>
  );
}
