// Cancelling a run: it turns `cancelling` at once; workers stop claiming its pending results (they
// stay pending and are counted as not run), results already running finish, and the run becomes
// `cancelled` when none is left running.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export type CancelOutcome = "cancelling" | "cancelled" | "not_active";

export async function cancelRun(db: PrismaClient, runId: string): Promise<CancelOutcome> {
  const marked = await db.run.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "cancelling" },
  });
  if (marked.count === 0) return "not_active";
  return (await cancelRunIfIdle(db, runId)) ? "cancelled" : "cancelling";
}

/** Moves a cancelling run with nothing running to cancelled; true when it did. */
export async function cancelRunIfIdle(db: PrismaClient, runId: string): Promise<boolean> {
  const changed = await db.$executeRaw`
    UPDATE "Run" SET status = 'cancelled', "finishedAt" = now()
     WHERE id = ${runId} AND status = 'cancelling'
       AND NOT EXISTS (SELECT 1 FROM "TaskResult" WHERE "runId" = ${runId} AND status = 'running')`;
  return changed > 0;
}
