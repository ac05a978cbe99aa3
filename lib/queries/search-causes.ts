// The search's cause filter needs each wrong answer's primary cause in SQL, but the causes are rules in
// TypeScript (lib/metrics/primary-causes.ts over loadStoredAnswers, exactly as the run page counts them).
// So they are kept: SearchCause holds the cause of every wrong answer of a run, SearchCauseStamp the
// run explanation's fingerprint they were computed from (code revision, status, counters, scoring
// revision). Before a search filters by cause, the runs in its scope whose stamp is missing or moved
// are recomputed; a finished run is computed once per revision, a run still going on every such search.
import { errorMessage } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { storedPrimaryCause } from "@/lib/metrics/primary-causes";
import { fingerprintOf, loadStoredAnswers } from "./primary-causes";

/** Runs recomputed per transaction: bounds the rows one statement reads and writes. */
const RUNS_PER_BATCH = 10;

const fingerprintSelect = {
  id: true, source: true, status: true, tasksDone: true, correctCount: true, sideEffectCount: true, errorCount: true,
  scoringRevision: true, finishedAt: true, searchCauseStamp: { select: { fingerprint: true } },
} as const;

/** One refresh at a time per process: concurrent searches wait for it instead of computing the same runs. */
let refreshing: Promise<void> = Promise.resolve();

/**
 * Brings SearchCause up to date for the runs `runIds` names (every run when null). Returns the number of
 * runs recomputed.
 */
export function refreshSearchCauses(db: PrismaClient, runIds: readonly string[] | null): Promise<number> {
  const next = refreshing.then(() => refreshNow(db, runIds));
  refreshing = next.then(() => undefined, () => undefined);
  return next;
}

async function refreshNow(db: PrismaClient, runIds: readonly string[] | null): Promise<number> {
  const runs = await db.run.findMany({ where: runIds ? { id: { in: [...runIds] } } : {}, select: fingerprintSelect });
  const stale = runs
    .map((run) => ({ run, fingerprint: fingerprintOf({ ...run, explanation: null }) }))
    .filter(({ run, fingerprint }) => run.searchCauseStamp?.fingerprint !== fingerprint);
  for (let start = 0; start < stale.length; start += RUNS_PER_BATCH) {
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
  }
  return stale.length;
}
