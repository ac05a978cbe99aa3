import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { TaskResultsTable } from "@/components/tasks/task-results-table";
import { CallsList } from "@/components/traces/calls-list";
import { Pager } from "@/components/ui/pager";
import { listResultsForTask, TASK_RESULT_PAGE_SIZE } from "@/lib/queries/results";
import { getTask, listTaskVersions } from "@/lib/queries/tasks";

type Params = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[]>> };

const searchSchema = z.object({ page: z.coerce.number().int().min(0).catch(0) });

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const task = await getTask({ id: (await params).id });
  return { title: task ? task.key : "Task not found" };
}

export default async function TaskPage({ params, searchParams }: Params) {
  const task = await getTask({ id: (await params).id });
  const { page } = searchSchema.parse(await searchParams);
  if (!task) notFound();
  const versions = await listTaskVersions({ key: task.key, datasetId: task.version.datasetId, versionId: task.version.id });
  const dataset = task.version.dataset;
  const listHref = `/tasks?${new URLSearchParams({ ...(dataset.kind === "official" ? {} : { ds: dataset.slug }), gt: task.version.name.split("@")[0] ?? task.version.name, domain: task.domain })}`;
  // "v1", or "v1 r2" where the name has had more than one set of files.
  const versionLabel = (version: { name: string; revision: number }) => `${version.name.split("@")[0]}${version.revision > 1 || version.name.includes("@") ? ` r${version.revision}` : ""}`;
  const revised = versions.some((other) => other.groundTruth.join("\n") !== task.groundTruth.join("\n"));
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={listHref} className="hover:text-ink" data-testid="task-dataset">
            ← {dataset.kind === "generated" ? `${dataset.slug} (generated)` : dataset.name} · {versionLabel(task.version)} · {task.domain}
          </Link>
        }
        title={<span className="font-mono">{task.key}</span>}
        description={task.text}
        actions={
          <span className="flex gap-1" data-testid="task-versions">
            {versions.map((other) => (
              <Link key={other.id} href={`/tasks/${other.id}`}>
                <Badge tone={other.id === task.id ? "accent" : "neutral"}>{versionLabel(other.version)}</Badge>
              </Link>
            ))}
          </span>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader
            title="Ground truth"
            description={`${task.actionCount} action(s) · template “${task.baseTemplate}” · toolkits ${task.toolkits.join(", ")}${revised ? " · revised between versions" : ""}`}
            actions={<Link href={`/tasks/${task.id}/sandbox`} className="text-sm text-accent" data-testid="task-sandbox-link">Initial rows and end states →</Link>}
          />
          <CardBody>
            <CallsList calls={task.groundTruth.map((raw, index) => ({ index, raw, failure: null }))} testId="gt-calls" empty="No action expected." />
          </CardBody>
        </Card>
        <Suspense key={page} fallback={<PanelSkeleton rows={6} />}>
          <TaskResults taskId={task.id} page={page} />
        </Suspense>
      </div>
    </>
  );
}

async function TaskResults({ taskId, page }: { taskId: string; page: number }) {
  const { total, correct, results } = await listResultsForTask({ taskId, page });
  if (total === 0) return <EmptyState title="No run has scored this task yet" />;
  return (
    <Card>
      <CardHeader
        title="Results across runs"
        description={`Correct in ${correct} of ${total} scored trials of finished and recorded runs (failures at the provider are not scored; test runs are left out, as on the boards), the latest first.`}
      />
      <TaskResultsTable results={results} />
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / TASK_RESULT_PAGE_SIZE))}
        href={(target) => `/tasks/${taskId}${target > 0 ? `?page=${target}` : ""}`}
        testId="task-results-pager"
      />
    </Card>
  );
}
