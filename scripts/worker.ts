#!/usr/bin/env node
// `npm run worker`: a standalone task worker, one process (compiled to dist/worker.mjs). Start as many as you like on any machine that
// reaches the same DATABASE_URL; each claims pending results of the runs (every run within its concurrency
// across all workers; see lib/runs/claim.ts). Without DATABASE_URL it
// opens the embedded PostgreSQL in-process (openDatabase: attaches to the one `npm start` runs, or starts
// it, and restarts it if it dies). SIGINT/SIGTERM stop it within STOP_GRACE_MS: tasks in flight finish
// if they can; those still running are released and re-run by another worker (exactly-once writes).
import "@/lib/node-version-check"; // first: a clear message on a too-old Node
import { openDatabase } from "./db/database-session";
import { stopWhenLauncherExits } from "./db/launcher-exit";

const STOP_GRACE_MS = 8_000;
const RELEASE_AFTER_MS = 6_000;

let signalled: NodeJS.Signals | null = null;
let stop: (() => void) | null = null;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (signalled) process.exit(1); // a second signal: stop now
    signalled = signal;
    stop?.();
  });
}

stopWhenLauncherExits();
const database = await openDatabase();
process.env.DATABASE_URL = database.url; // process plumbing: lib/env reads it from here
// Imported only now: lib/db reads DATABASE_URL when it is first loaded.
const { startWorker } = await import("@/lib/runs/worker");
const { workerOptionsFrom } = await import("@/lib/runs/worker-options");
const { prisma } = await import("@/lib/db");
const { env } = await import("@/lib/env");

const options = workerOptionsFrom(env(), Number(process.argv[2]) || undefined); // `npm run worker -- 8`
const worker = await startWorker(options);
console.log(`[worker] ${process.pid} started with ${options.concurrency} slots`);

const finished = new Promise<void>((resolve) => {
  stop = () => {
    console.log(`[worker] ${signalled}: finishing tasks in flight (at most ${STOP_GRACE_MS / 1000} s)`);
    const grace = new Promise((done) => setTimeout(done, STOP_GRACE_MS).unref());
    // Tasks still running after RELEASE_AFTER_MS are cut short and released for another worker.
    void Promise.race([worker.stop({ graceMs: RELEASE_AFTER_MS }), grace]).then(() => resolve());
  };
  if (signalled) stop();
});
await finished;
await prisma.$disconnect().catch(() => undefined);
await database.close();
await (await import("@/lib/process-end")).endOfProcess(); // telemetry in flight abandoned, bounded
console.log(`[worker] stopped: ${JSON.stringify(worker.stats)}`);
process.exit(0);
