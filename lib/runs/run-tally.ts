// A run's scored-result counts per (domain, ground-truth action count): the RunTally rows. They are
// kept up to date on write by database triggers (migration run_tally), in the transaction that writes
// or rewrites a TaskResult, whatever the path (worker finish, bulk import, re-score). This module
// recomputes them from TaskResult: after a re-score, or as a repair (`workbench rebuild-aggregates`).
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Db = PrismaClient | Prisma.TransactionClient;

const TALLY_SELECT = `
  SELECT r."runId", k.domain, k."actionCount", count(*)::int,
         (count(*) FILTER (WHERE r.correct))::int, (count(*) FILTER (WHERE r."sideEffects"))::int,
         (count(*) FILTER (WHERE r."exactMatch"))::int, (count(*) FILTER (WHERE r.error IS NOT NULL))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind")))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind") AND r.correct))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind") AND r."sideEffects"))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind") AND r."exactMatch"))::int
    FROM "TaskResult" r JOIN "Task" k ON k.id = r."taskId"
   WHERE r.status = 'done'`;

const INSERT = `INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors,
  "providerFailures", "providerCorrect", "providerSideEffects", "providerExactMatch")`;

/** Each run's configuration key, then the configurations' per-task tallies from the counted runs' scored results (migration leaderboard_tallies). */
const CONFIG_KEYS_REBUILD = `
  UPDATE "RunConfigKey" c SET "configKey" = run_config_key(r.status::text, r.source, r."datasetId", r."groundTruth", r."versionId", r.protocol,
                                                           r."scoringRevision", r.model, r.agent, r."toolSet")
    FROM "Run" r WHERE r.id = c."runId"`;
const CONFIG_TALLY_REBUILD = `
  INSERT INTO "ConfigTaskTally" ("configKey", "taskId", domain, trials, correct)
  SELECT c."configKey", x."taskId", k.domain, count(*)::int, (count(*) FILTER (WHERE x.correct))::int
    FROM "TaskResult" x
    JOIN "Task" k ON k.id = x."taskId"
    JOIN "Run" r ON r.id = x."runId"
    JOIN "RunConfigKey" c ON c."runId" = x."runId"
   WHERE c."configKey" IS NOT NULL AND x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))
   GROUP BY c."configKey", x."taskId", k.domain`;

async function rebuild(tx: Prisma.TransactionClient, runId: string | null): Promise<void> {
  if (runId === null) {
    await tx.$executeRawUnsafe(`DELETE FROM "RunTally"`);
    await tx.$executeRawUnsafe(`${INSERT} ${TALLY_SELECT} GROUP BY 1, 2, 3`);
    // RunBoard follows RunTally by trigger; the configuration tallies are recounted here (the
    // histogram follows them by trigger).
    await tx.$executeRawUnsafe(`DELETE FROM "ConfigTaskTally"`);
    await tx.$executeRawUnsafe(`DELETE FROM "ConfigTrialHistogram"`);
    await tx.$executeRawUnsafe(CONFIG_KEYS_REBUILD);
    await tx.$executeRawUnsafe(CONFIG_TALLY_REBUILD);
    // The per-configuration summaries (ConfigSummary, migration config_summary), from the runs' RunBoard rows.
    await tx.$executeRawUnsafe(`DELETE FROM "ConfigSummary"`);
    await tx.$executeRawUnsafe(`SELECT config_summary_refresh(ARRAY(SELECT DISTINCT "configKey" FROM "RunConfigKey" WHERE "configKey" IS NOT NULL))`);
    return;
  }
  // Lock the run row first: a worker finishing a result of this run locks it too, so the recount
  // cannot interleave with a trigger's increment.
  await tx.$executeRawUnsafe(`SELECT 1 FROM "Run" WHERE id = $1 FOR UPDATE`, runId);
  await tx.$executeRawUnsafe(`DELETE FROM "RunTally" WHERE "runId" = $1`, runId);
  await tx.$executeRawUnsafe(`${INSERT} ${TALLY_SELECT} AND r."runId" = $1 GROUP BY 1, 2, 3`, runId);
}

function inTransaction(db: Db, work: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
  return "$transaction" in db ? db.$transaction(work, { timeout: 120_000 }) : work(db);
}

/** Recomputes one run's tallies from its done results (call after re-scoring it). */
export function rebuildRunAggregates(db: Db, runId: string): Promise<void> {
  return inTransaction(db, (tx) => rebuild(tx, runId));
}

/** Recomputes every run's tallies; returns how many runs have some. */
export async function rebuildAllRunAggregates(db: PrismaClient): Promise<number> {
  await inTransaction(db, (tx) => rebuild(tx, null));
  const [row] = await db.$queryRawUnsafe<{ runs: number }[]>(`SELECT count(DISTINCT "runId")::int AS runs FROM "RunTally"`);
  return row?.runs ?? 0;
}
