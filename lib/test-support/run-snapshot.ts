// What must survive a run's trip out of Studio and back (lib/interop's round-trip tests), per task and
// trial in task order: the verdicts, the calls and the error, and each step as the trace shows it.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export interface SnapshotOptions {
  /** The model steps' token counts (formats that carry measured usage). */
  readonly usage?: boolean;
  /** Each step's state diff and injected fault (the faults round trip). */
  readonly faults?: boolean;
}

export async function runSnapshot(db: PrismaClient, runId: string, options: SnapshotOptions = {}) {
  const results = await db.taskResult.findMany({
    where: { runId, status: "done" },
    include: { task: { select: { key: true } }, steps: { orderBy: { index: "asc" } } },
  });
  return results
    .map((result) => ({
      task: result.task.key, trial: result.trial, correct: result.correct, sideEffects: result.sideEffects, exactMatch: result.exactMatch,
      calls: result.calls, error: result.error,
      steps: result.steps.map((step) => ({
        kind: step.kind, text: step.text, call: step.call, observation: step.observation, ok: step.ok,
        ...(options.usage && step.kind === "model" ? { inputTokens: step.inputTokens, outputTokens: step.outputTokens } : {}),
        ...(options.faults ? { diff: step.diff, fault: step.fault } : {}),
      })),
    }))
    .sort((a, b) => a.task.localeCompare(b.task) || a.trial - b.trial);
}
