// A run's scored-result counts per (domain, ground-truth action count): the RunTally rows, and the
// configuration tallies built on them. They are kept up to date on write by database triggers, in the
// transaction that writes or rewrites a TaskResult, whatever the path (worker finish, bulk import,
// re-score). This module recomputes them from TaskResult, after a re-score or as a repair (`workbench
// rebuild-aggregates`), by calling leaderboard_rebuild(): the same counting functions the triggers
// call (lib/runs/tally.sql), so a recount cannot count differently.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Db = PrismaClient | Prisma.TransactionClient;

function inTransaction(db: Db, work: (tx: Prisma.TransactionClient) => Promise<unknown>): Promise<unknown> {
  return "$transaction" in db ? db.$transaction(work, { timeout: 120_000 }) : work(db);
}

/** Recomputes one run's tallies from its done results (call after re-scoring it). */
export async function rebuildRunAggregates(db: Db, runId: string): Promise<void> {
  await inTransaction(db, (tx) => tx.$executeRaw`SELECT leaderboard_rebuild(${runId})`);
}

/** Recomputes every run's tallies, the configurations' tallies and summaries; returns how many runs have some. */
export async function rebuildAllRunAggregates(db: PrismaClient): Promise<number> {
  await inTransaction(db, (tx) => tx.$executeRaw`SELECT leaderboard_rebuild(NULL)`);
  const [row] = await db.$queryRawUnsafe<{ runs: number }[]>(`SELECT count(DISTINCT "runId")::int AS runs FROM "RunTally"`);
  return row?.runs ?? 0;
}
