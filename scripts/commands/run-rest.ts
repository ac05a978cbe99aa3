// `workbench run-rest <run-id> [--no-worker]`: turns a finished estimated run into a full run by running
// the rest of its tasks (lib/runs/estimated-run.ts convertEstimatedRun): the tasks it did not run are
// queued into the same run with the same trials, the results it has stay as they are, and once they are
// done it is a full run, ranked like any other. A local worker does the work unless --no-worker.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";

export function register(program: Command): void {
  program
    .command("run-rest")
    .description("Turn an estimated run into a full run: queue the tasks it did not run into the same run")
    .argument("<run-id>", "the estimated run")
    .option("--no-worker", "only enqueue: separate `npm run worker` processes do the work")
    .action(async (runId: string, flags: { readonly worker: boolean }) => {
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      process.exitCode = await withPrisma(async (prisma) => {
        const { convertEstimatedRun, EstimateError } = await import("@/lib/runs/estimated-run");
        let queued: number;
        try {
          const run = await prisma.run.findUnique({ where: { id: runId }, select: { concurrency: true } });
          if (!run) {
            console.error(`No run ${runId}`);
            return 1;
          }
          ({ queued } = await convertEstimatedRun(prisma, runId));
          console.log(`Run ${runId}: ${queued} result(s) of the remaining tasks queued; it is a full run once they are done`);
          if (!flags.worker || queued === 0) return 0;
          const { startWorker } = await import("@/lib/runs/worker");
          const { followRun } = await import("./run");
          const { cancelRun } = await import("@/lib/runs/cancel");
          const { formatRunSummary, getRunSummary } = await import("@/lib/runs/summary");
          const worker = await startWorker({ db: prisma, concurrency: run.concurrency, log: () => undefined });
          try {
            const total = (await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { tasksTotal: true } })).tasksTotal;
            await followRun(prisma, runId, total, () => void cancelRun(prisma, runId));
          } finally {
            await worker.stop({ graceMs: 6_000 });
          }
          const summary = await getRunSummary(prisma, runId);
          if (summary) console.log(formatRunSummary(summary));
          return 0;
        } catch (error) {
          if (error instanceof EstimateError) {
            console.error(error.message);
            return 1;
          }
          throw error;
        }
      });
    });
}
