// The worker that runs inside the Next server (started from instrumentation.ts), so `npm start` alone
// executes launched runs. `npm run worker` adds more workers on this or other machines.
import { env } from "@/lib/env";
import { startWorker, DEFAULT_WORKER_SLOTS, type WorkerHandle } from "./worker";
import { errorMessage } from "@/lib/errors";

const holder = globalThis as typeof globalThis & { workbenchWorker?: Promise<WorkerHandle> };

export function startInProcessWorker(): void {
  if (holder.workbenchWorker) return; // dev reloads re-run instrumentation; one worker per process
  if (!env().DATABASE_URL) {
    console.warn("[worker] DATABASE_URL is not set: no in-process worker, launched runs will wait");
    return;
  }
  const concurrency = env().WORKBENCH_WORKER_CONCURRENCY ?? DEFAULT_WORKER_SLOTS;
  // Set by `npm start` when it restarts a crashed server: that server's worker died with it, holding tasks.
  holder.workbenchWorker = startWorker({ concurrency, predecessorPid: env().WORKBENCH_PREVIOUS_SERVER_PID });
  holder.workbenchWorker.then(
    () => console.log(`[worker] in-process worker started (${concurrency} slots)`),
    (error: unknown) => {
      holder.workbenchWorker = undefined;
      console.error("[worker] in-process worker failed to start:", errorMessage(error));
    },
  );
}
