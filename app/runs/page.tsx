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
import { Pager } from "@/components/ui/pager";
import { FilterTabs, queryString } from "@/components/leaderboard/filter-tabs";
import { NoRunsState } from "@/components/leaderboard/no-runs-state";
import { defaultBoardDataset } from "@/lib/datasets/board-dataset";
import { FETCH_AND_IMPORT } from "@/lib/datasets/hints";
import { listBoardDatasets } from "@/lib/queries/board-datasets";
import { listLaunchDatasets } from "@/lib/queries/datasets";
import { isActiveStatus, listRuns, RUN_PAGE_SIZE } from "@/lib/queries/runs";

export const metadata: Metadata = { title: "Runs" };

const searchSchema = z.object({
  ds: z.string().regex(/^[a-z0-9_-]+$/).optional().catch(undefined),
  page: z.coerce.number().int().min(0).catch(0),
});

const runsHref = (ds: string | undefined, page = 0) => `/runs${queryString({ ds, page: page > 0 ? String(page) : undefined })}`;

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const { ds, page } = searchSchema.parse(await searchParams);
  const datasets = await listLaunchDatasets();
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
      {datasets.length > 1 ? (
        <div className="mb-4">
          <FilterTabs
            label="Dataset"
            testId="runs-filter-dataset"
            current={ds}
            options={[{ value: undefined, label: "All" }, ...datasets.map((dataset) => ({ value: dataset.slug, label: dataset.label }))]}
            hrefFor={(value) => runsHref(value)}
          />
        </div>
      ) : null}
      <Suspense key={`${ds}-${page}`} fallback={<PanelSkeleton rows={8} />}>
        <RunsPanel dataset={ds} page={page} />
      </Suspense>
    </>
  );
}

async function RunsPanel({ dataset, page }: { dataset?: string; page: number }) {
  const { total, runs } = await listRuns({ dataset, page });
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
      <RunsTable runs={runs} />
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / RUN_PAGE_SIZE))}
        href={(target) => runsHref(dataset, target)}
        testId="runs-pager"
      />
    </Card>
  );
}
