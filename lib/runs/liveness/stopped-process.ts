// For a parent that outlives a process it stopped (`npm start` and its web server): whatever the stopped
// process's workers still hold goes back to pending at once, not after the stale limit. Its own stop
// hands its tasks back first (the worker's shutdown path); this covers what a process exiting within
// its signal handler could not finish. Bounded: a parent that is stopping does not wait on a database
// that is gone.
import { createSqlPool } from "../sql";
import { takeBackProcess } from "./take-back";

const HAND_BACK_TIMEOUT_MS = 5_000;

/** The number of tasks handed back (0 when there were none, or the database did not answer in time). */
export async function handBackStoppedProcess(databaseUrl: string, pid: number, log: (message: string) => void): Promise<number> {
  const sql = createSqlPool(databaseUrl, { max: 1, onError: () => undefined });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<[]>((resolve) => {
    timer = setTimeout(() => {
      log(`could not hand back the tasks of process ${pid} within ${HAND_BACK_TIMEOUT_MS / 1000} s`);
      resolve([]);
    }, HAND_BACK_TIMEOUT_MS);
  });
  try {
    const taken = await Promise.race([takeBackProcess(sql, pid, { log }), timedOut]);
    return taken.length;
  } finally {
    clearTimeout(timer);
    void sql.end().catch(() => undefined);
  }
}
