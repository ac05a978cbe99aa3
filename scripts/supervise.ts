// Keeps a child process (the web server under `npm start`) running: when it exits without having been
// asked to stop (a crash, kill -9, out of memory), it is started again after a backoff of 1 s, 2 s,
// 4 s… (at most 30 s; back to 1 s once it has stayed up for a minute). A child that keeps dying right
// after starting (a port taken, a broken build) is given up on after a few tries, with its exit code,
// rather than restarted forever. Everything else the parent owns (PostgreSQL) stays up meanwhile.

export interface SuperviseOptions {
  /** True once the parent was asked to stop: the child's exit is then final. */
  readonly stopping: () => boolean;
  readonly log?: (message: string) => void;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A run this long counts as healthy: the next crash starts the backoff again. */
const HEALTHY_AFTER_MS = 60_000;
/** A run shorter than this counts as a failed start. */
const FAILED_START_MS = 10_000;
/** Consecutive failed starts before giving up. */
const MAX_FAILED_STARTS = 5;

/** Runs `start` (resolving the child's exit code) until a stop or too many failed starts; resolves the last code. */
export async function supervise(start: () => Promise<number>, options: SuperviseOptions): Promise<number> {
  const log = options.log ?? ((message: string) => console.error(message));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  let delay = FIRST_DELAY_MS;
  let failedStarts = 0;
  for (;;) {
    const startedAt = now();
    const code = await start();
    if (options.stopping()) return code;
    const ranMs = now() - startedAt;
    if (ranMs >= HEALTHY_AFTER_MS) delay = FIRST_DELAY_MS;
    failedStarts = ranMs < FAILED_START_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log(`start: the web server failed ${failedStarts} times right after starting (exit ${code}); giving up`);
      return code === 0 ? 1 : code;
    }
    log(`start: the web server exited unexpectedly (exit ${code}); restarting it in ${delay / 1000} s (PostgreSQL stays up)`);
    await sleep(delay);
    if (options.stopping()) return code;
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}
