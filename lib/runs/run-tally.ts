// A run's scored-result counts per (domain, ground-truth action count): the RunTally rows. They are
// kept up to date on write by database triggers (migration run_tally), in the transaction that writes
// or rewrites a TaskResult, whatever the path (worker finish, bulk import, re-score). This module
// recomputes them from TaskResult: after a re-score, or as a repair (`workbench rebuild-aggregates`).
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Db = PrismaClient | Prisma.TransactionClient;

const TALLY_SELECT = `
  SELECT r."runId", k.domain, k."actionCount", count(*)::int,
         (count(*) FILTER (WHERE r.correct))::int, (count(*) FILTER (WHERE r."sideEffects"))::int,
         (count(*) FILTER (WHERE r."exactMatch"))::int, (count(*) FILTER (WHERE r.error IS NOT NULL))::int
    FROM "TaskResult" r JOIN "Task" k ON k.id = r."taskId"
   WHERE r.status = 'done'`;

const INSERT = `INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors)`;

async function rebuild(tx: Prisma.TransactionClient, runId: string | null): Promise<void> {
  if (runId === null) {
    await tx.$executeRawUnsafe(`DELETE FROM "RunTally"`);
    await tx.$executeRawUnsafe(`${INSERT} ${TALLY_SELECT} GROUP BY 1, 2, 3`);
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
