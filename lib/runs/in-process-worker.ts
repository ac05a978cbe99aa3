// The worker that runs inside the Next server (started from instrumentation.ts), so `npm start` alone
// executes launched runs. `npm run worker` adds more workers on this or other machines.
import os from "node:os";
import { env } from "@/lib/env";
import { startWorker, type WorkerHandle } from "./worker";
import { workerOptionsFrom } from "./worker-options";
import { errorMessage } from "@/lib/errors";

const holder = globalThis as typeof globalThis & { workbenchWorker?: Promise<WorkerHandle> };

/**
 * How long a stopping server lets its tasks in flight run before cutting them short: none. Next exits
 * soon after its own SIGTERM handler closes the server, so the tasks are handed back at once (another
 * worker, or this server's successor, runs them again) rather than left `running` until the stale limit.
 */
const STOP_GRACE_MS = 0;

export function startInProcessWorker(): void {
  if (holder.workbenchWorker) return; // dev reloads re-run instrumentation; one worker per process
  const settings = env();
  if (!settings.DATABASE_URL) {
    console.warn("[worker] DATABASE_URL is not set: no in-process worker, launched runs will wait");
    return;
  }
  const options = workerOptionsFrom(settings);
  // Set by `npm start` when it restarts a crashed server: that server's worker died with it, holding tasks.
  const started = startWorker({ ...options, predecessorPid: settings.WORKBENCH_PREVIOUS_SERVER_PID });
  holder.workbenchWorker = started;
  started.then(
    (worker) => {
      console.log(`[worker] in-process worker started (${options.concurrency} slots)`);
      for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stopOn(signal, worker));
    },
    (error: unknown) => {
      holder.workbenchWorker = undefined;
      console.error("[worker] in-process worker failed to start:", errorMessage(error));
    },
  );
}

/** Hands the worker's tasks back; exits afterwards only when nobody else handles the signal (Next does). */
async function stopOn(signal: NodeJS.Signals, worker: WorkerHandle): Promise<void> {
  const nextHandlesIt = process.listenerCount(signal) > 0;
  await worker.stop({ graceMs: STOP_GRACE_MS });
  console.log(`[worker] ${signal}: stopped, ${worker.stats.released} task(s) handed back`);
  if (!nextHandlesIt) process.exit(128 + (os.constants.signals[signal] ?? 1));
}
