// What two runs show on the (task, trial) cells both scored, for the planner (`workbench plan --runs`): the
// share of cells where exactly one is right (the discordance, p10 + p01) and each run's accuracy there; the
// base accuracy is the lower of the two. A cell is scored by the boards' rule: done, and not a provider
// failure except in recorded runs.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { CodedError } from "@/lib/errors";

export interface PairDiscordance {
  readonly shared: number;
  /** Cells only run A got right, and only run B. */
  readonly onlyA: number;
  readonly onlyB: number;
  readonly discordance: number;
  readonly accuracyA: number;
  readonly accuracyB: number;
  readonly baseAccuracy: number;
}

export class PairDiscordanceError extends CodedError<"run_not_found" | "no_shared_cells"> {}

export async function readPairDiscordance(prisma: PrismaClient, runA: string, runB: string): Promise<PairDiscordance> {
  const found = await prisma.run.findMany({ where: { id: { in: [runA, runB] } }, select: { id: true } });
  for (const id of [runA, runB]) if (!found.some((run) => run.id === id)) throw new PairDiscordanceError("run_not_found", `no run ${id}`);
  const [counts] = await prisma.$queryRaw<{ shared: number; bothRight: number; onlyA: number; onlyB: number }[]>`
    WITH scored AS (
      SELECT x."runId", x."taskId", x.trial, x.correct IS TRUE AS correct
        FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId"
       WHERE x."runId" IN (${runA}, ${runB}) AND x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))
    )
    SELECT count(*)::int AS shared,
           (count(*) FILTER (WHERE a.correct AND b.correct))::int AS "bothRight",
           (count(*) FILTER (WHERE a.correct AND NOT b.correct))::int AS "onlyA",
           (count(*) FILTER (WHERE b.correct AND NOT a.correct))::int AS "onlyB"
      FROM scored a JOIN scored b ON b."taskId" = a."taskId" AND b.trial = a.trial
     WHERE a."runId" = ${runA} AND b."runId" = ${runB}`;
  const { shared = 0, bothRight = 0, onlyA = 0, onlyB = 0 } = counts ?? {};
  if (shared === 0) throw new PairDiscordanceError("no_shared_cells", `runs ${runA} and ${runB} have no scored (task, trial) in common`);
  const accuracyA = (bothRight + onlyA) / shared;
  const accuracyB = (bothRight + onlyB) / shared;
  return { shared, onlyA, onlyB, discordance: (onlyA + onlyB) / shared, accuracyA, accuracyB, baseAccuracy: Math.min(accuracyA, accuracyB) };
}
