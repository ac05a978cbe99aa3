import { Suspense } from "react";
import type { Metadata } from "next";
import { z } from "zod";
import { Card, CardHeader } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { FilterTabs, queryString } from "@/components/leaderboard/filter-tabs";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { TaskFilters } from "@/components/tasks/task-filters";
import { TasksTable } from "@/components/tasks/tasks-table";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { getTaskFacets, listTaskDatasets, listTasks, TASK_PAGE_SIZE } from "@/lib/queries/tasks";
import { FETCH_AND_IMPORT, GENERATE_COMMAND } from "@/lib/datasets/hints";
import { formatCount } from "@/lib/metrics/format";

export const metadata: Metadata = { title: "Tasks" };

const searchSchema = z.object({
  ds: z.string().regex(/^[a-z0-9_-]+$/).optional().catch(undefined),
  gt: z.enum(["v1", "v2026"]).catch("v1"),
  domain: z.string().min(1).optional().catch(undefined),
  template: z.string().min(1).optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(0).catch(0),
});
type TaskSearchParams = z.infer<typeof searchSchema>;

export default async function TasksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const parsed = searchSchema.parse(await searchParams);
  const datasets = await listTaskDatasets();
  // One dataset at a time (task keys repeat across datasets): the official one unless another is chosen.
  const dataset = datasets.find((candidate) => candidate.slug === (parsed.ds ?? OFFICIAL_DATASET_SLUG)) ?? datasets[0];
  const search = { ...parsed, ds: dataset?.slug ?? OFFICIAL_DATASET_SLUG };
  return (
    <>
      <PageHeader title="Tasks" description="The tasks of one dataset and ground-truth version, with their ground-truth calls and results across runs." />
      {datasets.length > 1 ? (
        <div className="mb-4">
          <FilterTabs
            label="Dataset"
            testId="tasks-filter-dataset"
            current={search.ds}
            options={datasets.map((option) => ({ value: option.slug, label: option.kind === "generated" ? `${option.slug} (generated)` : `${option.name} (official)` }))}
            hrefFor={(ds) => `/tasks${queryString({ ds: ds === OFFICIAL_DATASET_SLUG ? undefined : ds, gt: search.gt })}`}
          />
        </div>
      ) : null}
      <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton rows={12} />}>
        <TasksPanel search={search} datasetName={dataset ? `${dataset.name} (${dataset.slug})` : search.ds} />
      </Suspense>
    </>
  );
}

async function TasksPanel({ search, datasetName }: { search: TaskSearchParams & { ds: string }; datasetName: string }) {
  const [facets, { total, tasks }] = await Promise.all([
    getTaskFacets({ dataset: search.ds, version: search.gt, domain: search.domain }),
    listTasks({ filter: { dataset: search.ds, version: search.gt, domain: search.domain, template: search.template, q: search.q }, page: search.page }),
  ]);
  if (facets.domains.length === 0) {
    return (
      <EmptyState title={`Ground truth ${search.gt} of ${datasetName} is not imported`} testId="tasks-empty">
        Load the official dataset with <code>{FETCH_AND_IMPORT}</code>, a generated one with <code>{GENERATE_COMMAND}</code>.
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(total / TASK_PAGE_SIZE));
  const ds = search.ds === OFFICIAL_DATASET_SLUG ? undefined : search.ds;
  const pageHref = (page: number) =>
    `/tasks${queryString({ ds, gt: search.gt, domain: search.domain, template: search.template, q: search.q, page: page > 0 ? String(page) : undefined })}`;
  return (
    <Card>
      <CardHeader title={<span data-testid="tasks-total">{formatCount(total, "task")}</span>} description={`${datasetName} · ${search.gt} ground truth`} />
      <TaskFilters search={search} domains={facets.domains} templates={facets.templates} />
      <TasksTable tasks={tasks} />
      <Pager page={search.page} pages={pages} href={pageHref} />
    </Card>
  );
}
