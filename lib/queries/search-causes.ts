// The search's cause filter needs each wrong answer's primary cause in SQL, but the causes are rules in
// TypeScript (lib/metrics/primary-causes.ts over loadStoredAnswers, exactly as the run page counts them).
// So they are kept: SearchCause holds the cause of every wrong answer of a run, SearchCauseStamp the
// run explanation's fingerprint they were computed from (code revision, status, counters, scoring
// revision). Before a search filters by cause, the runs in its scope whose stamp is missing or moved
// are recomputed; a finished run is computed once per revision, a run still going on every such search.
// A search gives the refresh a time budget (at 100 runs computing every run takes 15–30 s): the runs
// not reached are counted as pending, and the page says their causes are still being worked out.
import { errorMessage } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { storedPrimaryCause } from "@/lib/metrics/primary-causes";
import { fingerprintOf, loadStoredAnswers } from "./primary-causes";

/** Runs recomputed per transaction: bounds the rows one statement reads and writes, and the step of the budget. */
const RUNS_PER_BATCH = 5;

const fingerprintSelect = {
  id: true, source: true, status: true, tasksDone: true, correctCount: true, sideEffectCount: true, errorCount: true,
  scoringRevision: true, finishedAt: true, searchCauseStamp: { select: { fingerprint: true } },
} as const;

/** One refresh at a time per process: concurrent searches wait for it instead of computing the same runs. */
let refreshing: Promise<void> = Promise.resolve();

export interface CauseRefresh {
  /** Runs recomputed now. */
  readonly refreshed: number;
  /** Runs still stale when the budget ran out (their rows are missing or out of date). */
  readonly pending: number;
}

/**
 * Brings SearchCause up to date for the runs `runIds` names (every run when null), starting no new batch
 * of runs once `budgetMs` has passed.
 */
export function refreshSearchCauses(db: PrismaClient, runIds: readonly string[] | null, budgetMs = Number.POSITIVE_INFINITY): Promise<CauseRefresh> {
  const started = Date.now();
  const next = refreshing.then(() => refreshNow(db, runIds, started + budgetMs));
  refreshing = next.then(() => undefined, () => undefined);
  return next;
}

async function refreshNow(db: PrismaClient, runIds: readonly string[] | null, deadline: number): Promise<CauseRefresh> {
  const runs = await db.run.findMany({ where: runIds ? { id: { in: [...runIds] } } : {}, select: fingerprintSelect });
  const stale = runs
    .map((run) => ({ run, fingerprint: fingerprintOf({ ...run, explanation: null }) }))
    .filter(({ run, fingerprint }) => run.searchCauseStamp?.fingerprint !== fingerprint);
  let done = 0;
  for (let start = 0; start < stale.length && Date.now() < deadline; start += RUNS_PER_BATCH) {
    const batch = stale.slice(start, start + RUNS_PER_BATCH);
    const answers = await loadStoredAnswers(db, batch.map(({ run }) => run));
    const rows = batch.flatMap(({ run }) =>
      (answers.get(run.id) ?? []).flatMap((answer) => {
        const cause = storedPrimaryCause(answer);
        return cause === null ? [] : [{ resultId: answer.id, runId: run.id, cause }];
      }),
    );
    const ids = batch.map(({ run }) => run.id);
    await db
      .$transaction([
      db.searchCause.deleteMany({ where: { runId: { in: ids } } }),
      db.searchCause.createMany({ data: rows, skipDuplicates: true }),
      ...batch.map(({ run, fingerprint }) =>
        db.searchCauseStamp.upsert({ where: { runId: run.id }, create: { runId: run.id, fingerprint }, update: { fingerprint } }),
      ),
    ])
      // A result or run deleted meanwhile fails the batch: it keeps its old rows and stamp, and the next search retries it.
      .catch((error: unknown) => console.warn(`[search] cause filter: ${ids.length} run(s) not refreshed: ${errorMessage(error)}`));
    done += batch.length;
  }
  return { refreshed: done, pending: stale.length - done };
}
