import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { TaskResultsTable } from "@/components/tasks/task-results-table";
import { CallsList } from "@/components/traces/calls-list";
import { listResultsForTask } from "@/lib/queries/results";
import { getTask, listTaskVersions } from "@/lib/queries/tasks";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const task = await getTask({ id: (await params).id });
  return { title: task ? task.key : "Task not found" };
}

export default async function TaskPage({ params }: Params) {
  const task = await getTask({ id: (await params).id });
  if (!task) notFound();
  const versions = await listTaskVersions({ key: task.key });
  const revised = versions.some((other) => other.groundTruth.join("\n") !== task.groundTruth.join("\n"));
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/tasks?gt=${task.version.name}&domain=${task.domain}`} className="hover:text-ink">
            ← {task.version.name} · {task.domain}
          </Link>
        }
        title={<span className="font-mono">{task.key}</span>}
        description={task.text}
        actions={
          <span className="flex gap-1">
            {versions.map((other) => (
              <Link key={other.id} href={`/tasks/${other.id}`}>
                <Badge tone={other.id === task.id ? "accent" : "neutral"}>{other.version.name}</Badge>
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
          />
          <CardBody>
            <CallsList calls={task.groundTruth.map((raw, index) => ({ index, raw, failure: null }))} testId="gt-calls" empty="No action expected." />
          </CardBody>
        </Card>
        <Suspense fallback={<PanelSkeleton rows={6} />}>
          <TaskResults taskId={task.id} />
        </Suspense>
      </div>
    </>
  );
}

async function TaskResults({ taskId }: { taskId: string }) {
  const results = await listResultsForTask({ taskId });
  if (results.length === 0) return <EmptyState title="No run has scored this task yet" />;
  const correct = results.filter((result) => result.correct).length;
  return (
    <Card>
      <CardHeader title="Results across runs" description={`Correct in ${correct} of ${results.length}.`} />
      <TaskResultsTable results={results} />
    </Card>
  );
}
