import { Suspense } from "react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { SearchForm } from "@/components/search/search-form";
import { SearchHits } from "@/components/search/search-hits";
import { searchFilterOptions, searchTraces } from "@/lib/queries/search";
import { MIN_TERM_LENGTH, searchHref, searchParamsSchema, type SearchParams } from "@/lib/queries/search-filters";
import { ALL_TOOLS } from "@/lib/workbench/tools";

export const metadata: Metadata = { title: "Search traces" };

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const params = searchParamsSchema.parse(await searchParams);
  const options = await searchFilterOptions();
  return (
    <>
      <PageHeader title="Search traces" description="Every trace of every run: task text, model messages, tool calls and tool outputs. Each hit opens at its step." />
      <SearchForm params={params} options={{ ...options, tools: ALL_TOOLS.map((tool) => tool.name) }} />
      {params.q ? (
        <Suspense key={JSON.stringify(params)} fallback={<PanelSkeleton height={240} />}>
          <Results params={params} />
        </Suspense>
      ) : (
        <EmptyState title="Search every trace" testId="search-empty">
          Type at least {MIN_TERM_LENGTH} characters: a customer&apos;s email address, a tool name, an error message. The match is a
          case-insensitive substring; narrow it with the filters.
        </EmptyState>
      )}
    </>
  );
}

async function Results({ params }: { params: SearchParams }) {
  const outcome = await searchTraces(params);
  if (outcome.status === "too-short") {
    return <EmptyState title="Term too short" testId="search-too-short">Type at least {MIN_TERM_LENGTH} characters.</EmptyState>;
  }
  if (outcome.total === 0) {
    return <EmptyState title="No match" testId="search-no-hits">Nothing {params.in === "tasks" ? "in task text" : "in any step"} contains “{params.q}” with these filters.</EmptyState>;
  }
  return (
    <>
      <p className="mb-3 text-sm text-muted" data-testid="search-count">
        {outcome.capped ? `More than ${outcome.total}` : outcome.total} {params.in === "tasks" ? "results whose task text matches" : `matching step${outcome.total === 1 ? "" : "s"}`}
        {outcome.capped ? " (first pages shown: narrow with a filter)" : ""}
      </p>
      <SearchHits hits={outcome.hits} term={params.q} />
      <Pager page={outcome.page} pages={outcome.pages} href={(page) => searchHref({ ...params, page })} testId="search-pager" />
    </>
  );
}
