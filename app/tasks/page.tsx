import { Suspense } from "react";
import type { Metadata } from "next";
import { z } from "zod";
import { Card, CardHeader } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { queryString } from "@/components/leaderboard/filter-tabs";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { TaskFilters } from "@/components/tasks/task-filters";
import { TasksTable } from "@/components/tasks/tasks-table";
import { getTaskFacets, listTasks, TASK_PAGE_SIZE } from "@/lib/queries/tasks";

export const metadata: Metadata = { title: "Tasks" };

const searchSchema = z.object({
  gt: z.enum(["v1", "v2026"]).catch("v1"),
  domain: z.string().min(1).optional().catch(undefined),
  template: z.string().min(1).optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(0).catch(0),
});
type TaskSearchParams = z.infer<typeof searchSchema>;

export default async function TasksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const search = searchSchema.parse(await searchParams);
  return (
    <>
      <PageHeader title="Tasks" description="The 690 WorkBench tasks per ground-truth version, with their ground-truth calls and results across runs." />
      <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton rows={12} />}>
        <TasksPanel search={search} />
      </Suspense>
    </>
  );
}

async function TasksPanel({ search }: { search: TaskSearchParams }) {
  const [facets, { total, tasks }] = await Promise.all([
    getTaskFacets({ version: search.gt, domain: search.domain }),
    listTasks({ filter: { version: search.gt, domain: search.domain, template: search.template, q: search.q }, page: search.page }),
  ]);
  if (facets.domains.length === 0) {
    return (
      <EmptyState title={`Ground truth ${search.gt} is not imported`} testId="tasks-empty">
        Load the dataset with <code>npm run workbench -- import-data</code>.
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(total / TASK_PAGE_SIZE));
  const pageHref = (page: number) =>
    `/tasks${queryString({ gt: search.gt, domain: search.domain, template: search.template, q: search.q, page: page > 0 ? String(page) : undefined })}`;
  return (
    <Card>
      <CardHeader title={`${total} tasks`} description={`${search.gt} ground truth`} />
      <TaskFilters search={search} domains={facets.domains} templates={facets.templates} />
      <TasksTable tasks={tasks} />
      <Pager page={search.page} pages={pages} href={pageHref} />
    </Card>
  );
}
