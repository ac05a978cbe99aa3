#!/usr/bin/env tsx
// `npm run worker`: a standalone task worker. Start as many as you like on any machine that reaches
// the same DATABASE_URL; each takes jobs from the shared pg-boss queue. SIGINT/SIGTERM stop it after
// the tasks in flight finish.
import { startWorker } from "@/lib/runs/worker";

const concurrency = Number(process.env.WORKBENCH_WORKER_CONCURRENCY ?? process.argv[2] ?? "32") || 32;
const optionalNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

const worker = await startWorker({
  concurrency,
  recoveryIntervalMs: optionalNumber("WORKBENCH_RECOVERY_INTERVAL_MS"),
  staleGraceMs: optionalNumber("WORKBENCH_STALE_GRACE_MS"),
  idlePollMs: optionalNumber("WORKBENCH_IDLE_POLL_MS"),
});
console.log(`[worker] ${process.pid} started with ${concurrency} slots`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`[worker] ${signal}: finishing tasks in flight`);
    void worker.stop().then(async () => {
      const { prisma } = await import("@/lib/db");
      await prisma.$disconnect();
      console.log(`[worker] stopped: ${JSON.stringify(worker.stats)}`);
      process.exit(0);
    });
  });
}
