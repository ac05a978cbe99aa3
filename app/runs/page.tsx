import { Suspense } from "react";
import type { Metadata } from "next";
import { z } from "zod";
import { Card } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { AutoRefresh } from "@/components/runs/auto-refresh";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { RunsTable } from "@/components/runs/runs-table";
import { RunsBulkActions } from "@/components/runs/runs-bulk-actions";
import { TagFilter } from "@/components/runs/tag-filter";
import { Pager } from "@/components/ui/pager";
import { FilterTabs, queryString } from "@/components/leaderboard/filter-tabs";
import { NoRunsState } from "@/components/leaderboard/no-runs-state";
import { defaultBoardDataset } from "@/lib/datasets/board-dataset";
import { FETCH_AND_IMPORT } from "@/lib/datasets/hints";
import { listBoardDatasets } from "@/lib/queries/board-datasets";
import { listLaunchDatasets } from "@/lib/queries/datasets";
import { listRunTags, listRuns, RUN_PAGE_SIZE } from "@/lib/queries/runs";
import { isActiveStatus } from "@/lib/runs/run-outcome";
import { RUN_LIST_COST_NOTE, toRunListRow } from "@/lib/runs/run-list-row";

export const metadata: Metadata = { title: "Runs" };

const searchSchema = z.object({
  ds: z.string().regex(/^[a-z0-9_-]+$/).optional().catch(undefined),
  tag: z.string().trim().min(1).max(40).optional().catch(undefined),
  archived: z.enum(["1"]).optional().catch(undefined),
  page: z.coerce.number().int().min(0).catch(0),
});
type RunsSearch = z.infer<typeof searchSchema>;

const runsHref = (search: Omit<RunsSearch, "page">, page = 0) =>
  `/runs${queryString({ ds: search.ds, tag: search.tag, archived: search.archived, page: page > 0 ? String(page) : undefined })}`;

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const search = searchSchema.parse(await searchParams);
  const { ds, page } = search;
  const [datasets, tags] = await Promise.all([listLaunchDatasets(), listRunTags()]);
  return (
    <>
      <PageHeader
        title="Runs"
        description="Launched agent runs and imported recorded results. Running runs update live."
        actions={
          <>
            <ButtonLink href="/runs/compare" variant="secondary">
              Compare runs
            </ButtonLink>
            <ButtonLink href="/runs/new" data-testid="new-run-link">
              New run
            </ButtonLink>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-6">
        {datasets.length > 1 ? (
          <FilterTabs
            label="Dataset"
            testId="runs-filter-dataset"
            current={ds}
            options={[{ value: undefined, label: "All" }, ...datasets.map((dataset) => ({ value: dataset.slug, label: dataset.label }))]}
            hrefFor={(value) => runsHref({ ...search, ds: value })}
          />
        ) : null}
        <TagFilter tags={tags} current={search.tag} hrefFor={(tag) => runsHref({ ...search, tag })} testId="runs-filter-tag" />
        <FilterTabs
          label="Show"
          testId="runs-filter-archived"
          current={search.archived}
          options={[{ value: undefined, label: "Listed" }, { value: "1", label: "Archived" }]}
          hrefFor={(value) => runsHref({ ...search, archived: value === "1" ? "1" : undefined })}
        />
      </div>
      <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton rows={8} />}>
        <RunsPanel search={search} />
      </Suspense>
    </>
  );
}

async function RunsPanel({ search }: { search: RunsSearch }) {
  const { ds: dataset, page } = search;
  const { total, runs } = await listRuns({ dataset, tag: search.tag, archived: search.archived === "1", page });
  if (total === 0 && search.archived) return <EmptyState title="No archived runs" testId="runs-empty" />;
  if (total === 0 && search.tag) return <EmptyState title={`No runs tagged ${search.tag}`} testId="runs-empty" />;
  if (total === 0) {
    // What gives this dataset (or, unfiltered, the one the boards open on) its first runs.
    const datasets = await listBoardDatasets();
    const shown = datasets.find((candidate) => candidate.slug === (dataset ?? defaultBoardDataset(datasets)));
    if (shown) return <NoRunsState dataset={shown} testId="runs-empty" />;
    return (
      <EmptyState title="No runs yet" testId="runs-empty">
        Import a dataset first: <code>{FETCH_AND_IMPORT}</code>.
      </EmptyState>
    );
  }
  return (
    <Card>
      <AutoRefresh active={runs.some((run) => isActiveStatus(run.status))} />
      <RunsBulkActions archivedView={search.archived === "1"} />
      <RunsTable rows={runs.map(toRunListRow)} costNote={RUN_LIST_COST_NOTE} selectable />
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / RUN_PAGE_SIZE))}
        href={(target) => runsHref(search, target)}
        testId="runs-pager"
      />
    </Card>
  );
}
