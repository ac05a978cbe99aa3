import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { DiffTables, type DiffLabels } from "@/components/traces/diff-tables";
import { getTaskEndStates } from "@/lib/queries/sandbox";
import { buildDiffView } from "@/lib/traces/diff-view";

export const metadata: Metadata = { title: "Task sandbox" };

const searchSchema = z.object({ result: z.string().min(1).optional().catch(undefined) });

// Diffs from the initial sandbox: a changed row shows its initial cells → its end state.
const END_STATE_LABELS: DiffLabels = { inserted: "added", deleted: "deleted", changed: "changed (initial → end)" };

function FailedCalls({ failed }: { failed: readonly { index: number; reason: string }[] }) {
  if (failed.length === 0) return null;
  return (
    <p className="mt-3 text-xs text-bad">
      {failed.length} call{failed.length === 1 ? "" : "s"} failed on replay (skipped, as the evaluator skips them): {failed.map((call) => `#${call.index + 1} ${call.reason}`).join("; ")}
    </p>
  );
}

export default async function TaskSandboxPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[]>> }) {
  const { id } = await params;
  const { result } = searchSchema.parse(await searchParams);
  const states = await getTaskEndStates({ taskId: id, resultId: result });
  if (!states) notFound();
  const { task, groundTruth, agent } = states;
  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/tasks/${task.id}`} className="hover:text-ink">← {task.key}</Link>}
        title={<span className="font-mono">{task.key} · sandbox</span>}
        description={`${task.text} — the initial rows each side changes, and their end state. Browse the whole initial sandbox in the sandbox browser.`}
        actions={<Link href={`/sandbox/${task.version.id}`} className="text-sm text-accent" data-testid="task-sandbox-browse">All tables →</Link>}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card data-testid="task-sandbox-ground-truth">
          <CardHeader title="Ground truth's end state" description={`${task.groundTruth.length} call(s) replayed on the initial sandbox`} />
          <CardBody>
            <DiffTables tables={buildDiffView(groundTruth.diff)} labels={END_STATE_LABELS} testId="ground-truth-end" />
            <FailedCalls failed={groundTruth.failedCalls} />
          </CardBody>
        </Card>
        <Card data-testid="task-sandbox-agent">
          <CardHeader
            title="Agent's end state"
            description={
              agent ? (
                <>
                  <Link href={`/runs/${agent.result.run.id}/tasks/${agent.result.id}`} className="text-accent">{agent.result.run.name}</Link> · {agent.result.calls.length} call(s) ·{" "}
                  {agent.result.correct === null ? "not scored" : agent.result.correct ? "correct" : "wrong"}
                </>
              ) : (
                "No run has finished this task yet."
              )
            }
          />
          <CardBody>
            {agent ? (
              <>
                <DiffTables tables={buildDiffView(agent.diff)} labels={END_STATE_LABELS} testId="agent-end" />
                <FailedCalls failed={agent.failedCalls} />
              </>
            ) : null}
          </CardBody>
        </Card>
      </div>
    </>
  );
}
