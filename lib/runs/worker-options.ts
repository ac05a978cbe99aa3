// THE worker's slots and timings, resolved once for every way a worker starts (`npm run worker`, the web
// server's in-process worker, tests): the environment's value, else the default here.
import type { EnvPart } from "@/lib/env";
import { DEFAULT_WORKER_STALE_MS } from "./claim";

export const WORKER_DEFAULTS = {
  /** Tasks one worker process runs at once: slots mostly wait on the model. */
  slots: 32,
  /** How often a worker's heartbeat is written and dead workers are looked for. */
  heartbeatMs: 5_000,
  /** A worker silent for this long is presumed dead and its results are released. */
  staleMs: DEFAULT_WORKER_STALE_MS,
  /** How long past its timeout a running result is presumed abandoned, heartbeat or not. */
  staleGraceMs: 30_000,
  /** Longest wait between polls when nothing is claimable. */
  idlePollMs: 1_000,
} as const;

export interface WorkerTimings {
  readonly concurrency: number;
  readonly heartbeatMs: number;
  readonly staleMs: number;
  readonly staleGraceMs: number;
  readonly idlePollMs: number;
}

type WorkerEnv = Pick<
  EnvPart,
  "WORKBENCH_WORKER_CONCURRENCY" | "WORKBENCH_HEARTBEAT_MS" | "WORKBENCH_WORKER_STALE_MS" | "WORKBENCH_STALE_GRACE_MS" | "WORKBENCH_IDLE_POLL_MS"
>;

/**
 * The worker's settings from the environment (lib/env.ts). `slots`: a count given on the command line
 * (`npm run worker -- 8`), used when WORKBENCH_WORKER_CONCURRENCY is unset.
 */
export function workerOptionsFrom(environment: WorkerEnv, slots?: number): WorkerTimings {
  return {
    concurrency: environment.WORKBENCH_WORKER_CONCURRENCY ?? slots ?? WORKER_DEFAULTS.slots,
    heartbeatMs: environment.WORKBENCH_HEARTBEAT_MS ?? WORKER_DEFAULTS.heartbeatMs,
    staleMs: environment.WORKBENCH_WORKER_STALE_MS ?? WORKER_DEFAULTS.staleMs,
    staleGraceMs: environment.WORKBENCH_STALE_GRACE_MS ?? WORKER_DEFAULTS.staleGraceMs,
    idlePollMs: environment.WORKBENCH_IDLE_POLL_MS ?? WORKER_DEFAULTS.idlePollMs,
  };
}
