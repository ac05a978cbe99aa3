// Re-scoring a finished run under another scoring revision of its protocol, without re-running it:
// the stored calls and run errors of every scored result are scored again, verdicts and the run's
// totals are replaced in one transaction. THE one function that rewrites verdicts after the fact, so
// anything derived from verdicts (aggregates maintained on write) hooks in here.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createProtocolEvaluator, resolveScoringConfig, type ScoringRevision } from "@/lib/workbench/protocols";
import type { TaskVerdict } from "@/lib/workbench/evaluate/types";
import { getVersionContext } from "./run-context";
import { errorMessage } from "@/lib/errors";
import { CodedError } from "@/lib/errors";

/** Runs still running cannot be re-scored (their workers write verdicts with the old revision). */
const FINISHED = ["completed", "failed", "cancelled"] as const;

export class RescoreError extends CodedError<"not_found" | "not_finished" | "invalid_revision"> {
  constructor(code: "not_found" | "not_finished" | "invalid_revision", message: string) {
    super(code, message);
    this.name = "RescoreError";
  }
}

export interface RescoreResult {
  readonly runId: string;
  readonly from: string | null;
  readonly to: ScoringRevision;
  readonly tasks: number;
  readonly correct: number;
  /** Results whose correct / side effects / exact match changed. */
  readonly changed: number;
}

export async function rescoreRun(db: PrismaClient, input: { runId: string; revision: string }): Promise<RescoreResult> {
  const run = await db.run.findUnique({ where: { id: input.runId } });
  if (!run) throw new RescoreError("not_found", `Run ${input.runId} not found`);
  if (run.source !== "imported" && !(FINISHED as readonly string[]).includes(run.status)) {
    throw new RescoreError("not_finished", `Run ${run.id} is ${run.status}: re-score it once it has finished`);
  }
  let scoring;
  try {
    scoring = resolveScoringConfig({ protocol: run.protocol, groundTruth: run.groundTruth, revision: input.revision });
  } catch (error) {
    throw new RescoreError("invalid_revision", errorMessage(error));
  }
  // The revision the run's tasks came from (a later import takes over the name, never the run), and
  // the run's own dataset (a generated workplace has its own tasks under the same version names).
  const version = await db.groundTruthVersion.findFirstOrThrow({
    where: run.versionId ? { id: run.versionId } : { datasetId: run.datasetId, name: scoring.groundTruth },
    select: { contentHash: true },
  });
  const context = await getVersionContext(db, scoring.groundTruth, version.contentHash, run.datasetId);
  const evaluator = createProtocolEvaluator({ protocol: scoring.protocol, dataset: context.dataset, revision: scoring.revision });
  const results = await db.taskResult.findMany({
    where: { runId: run.id, status: "done" },
    select: { id: true, calls: true, error: true, correct: true, sideEffects: true, exactMatch: true, task: { select: { key: true } } },
  });
  const rescored = results.map((result) => {
    const task = context.tasksByKey.get(result.task.key);
    if (!task) throw new Error(`Task ${result.task.key} is not in ground truth ${scoring.groundTruth}`);
    return { result, verdict: evaluator.scoreTask(task, result.calls, result.error) };
  });
  await writeVerdicts(db, run.id, scoring.revision, rescored.map(({ result, verdict }) => ({ id: result.id, verdict })));
  const changed = rescored.filter(({ result, verdict }) =>
    result.correct !== verdict.correct || result.sideEffects !== verdict.sideEffects || result.exactMatch !== verdict.exactMatch,
  ).length;
  return {
    runId: run.id, from: run.scoringRevision, to: scoring.revision, tasks: rescored.length,
    correct: rescored.filter(({ verdict }) => verdict.correct).length, changed,
  };
}

/** Verdicts in one statement (rows as one JSON parameter), then the run's totals from them. */
async function writeVerdicts(db: PrismaClient, runId: string, revision: ScoringRevision, rows: readonly { id: string; verdict: TaskVerdict }[]): Promise<void> {
  const payload = rows.map(({ id, verdict }) => ({
    id, correct: verdict.correct, sideEffects: verdict.sideEffects, exactMatch: verdict.exactMatch,
    diagnostics: verdict.diagnostics, diff: verdict.diffVsGroundTruth, failedCalls: verdict.failedCalls,
  }));
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE "TaskResult" tr SET correct = x.correct, "sideEffects" = x."sideEffects", "exactMatch" = x."exactMatch",
        diagnostics = x.diagnostics, diff = x.diff, "failedCalls" = x."failedCalls"
      FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        AS x(id text, correct boolean, "sideEffects" boolean, "exactMatch" boolean, diagnostics jsonb, diff jsonb, "failedCalls" jsonb)
      WHERE tr.id = x.id AND tr."runId" = ${runId}`;
    await tx.$executeRaw`
      UPDATE "Run" r SET "scoringRevision" = ${revision},
        "correctCount" = t.correct, "sideEffectCount" = t."sideEffects", "exactMatchCount" = t."exactMatch"
      FROM (SELECT (count(*) FILTER (WHERE correct))::int AS correct, (count(*) FILTER (WHERE "sideEffects"))::int AS "sideEffects",
              (count(*) FILTER (WHERE "exactMatch"))::int AS "exactMatch"
            FROM "TaskResult" WHERE "runId" = ${runId} AND status = 'done') t
      WHERE r.id = ${runId}`;
    // The run page's kept explanation was computed from the old verdicts (lib/queries/primary-causes.ts).
    await tx.$executeRaw`DELETE FROM "RunExplanation" WHERE "runId" = ${runId}`;
    // So were the search's kept causes (lib/queries/search-causes.ts): without a stamp they are recomputed.
    await tx.$executeRaw`DELETE FROM "SearchCauseStamp" WHERE "runId" = ${runId}`;
  }, { timeout: 60_000 });
}
