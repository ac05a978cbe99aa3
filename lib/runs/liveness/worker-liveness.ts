// A worker's side of liveness, from its start to its stop: its row and heartbeat, the take-back of a
// predecessor process named at start, recovery on every beat, and on stop leaving with whatever it
// still holds given back.
import { errorMessage } from "@/lib/errors";
import type { Sql } from "../sql";
import { beat, unregister, type WorkerIdentity } from "./heartbeat";
import { recoverResults } from "./recovery";
import { takeBackProcess } from "./take-back";

export interface LivenessOptions {
  readonly heartbeatMs: number;
  readonly staleMs: number;
  readonly staleGraceMs: number;
  /** A process on this host known to be gone whose workers' tasks are taken back at start. */
  readonly predecessorPid?: number;
  /** Also run on every beat, before it (the worker re-opens its wake-up connection there). */
  readonly eachBeat?: () => Promise<void>;
  readonly log: (message: string) => void;
}

export interface Liveness {
  /** Stops the heartbeat; the worker still owns its row (and its tasks) until leave(). */
  pause(): void;
  /** Deletes the worker's row; anything it still holds goes back to pending. */
  leave(): Promise<void>;
}

/** Registers `worker` (throws when the database refuses it) and keeps it alive until pause()/leave(). */
export async function startLiveness(sql: Sql, worker: WorkerIdentity, options: LivenessOptions): Promise<Liveness> {
  const { log } = options;
  await beat(sql, worker);
  if (options.predecessorPid !== undefined) {
    const taken = await takeBackProcess(sql, options.predecessorPid, { exceptId: worker.id, log });
    if (taken.length > 0) log(`took back ${taken.length} task(s) held by the crashed process ${options.predecessorPid}`);
  }
  const tick = async () => {
    await options.eachBeat?.();
    try {
      await beat(sql, worker);
      const released = await recoverResults(sql, { staleMs: options.staleMs, graceMs: options.staleGraceMs });
      if (released > 0) log(`released ${released} result(s) of dead workers for another attempt`);
    } catch (error) {
      log(`heartbeat failed: ${errorMessage(error)}`);
    }
  };
  await tick();
  const heartbeat = setInterval(() => void tick(), options.heartbeatMs);
  const pause = () => clearInterval(heartbeat);
  return {
    pause,
    async leave() {
      pause();
      const handedBack = await unregister(sql, worker.id).catch((error: unknown) => {
        log(`could not unregister: ${errorMessage(error)}`);
        return 0;
      });
      if (handedBack > 0) log(`handed back ${handedBack} task(s) on stopping`);
    },
  };
}
