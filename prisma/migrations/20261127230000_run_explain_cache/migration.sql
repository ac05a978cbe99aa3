-- What the run page and a configuration page explain of a finished run, kept so a page reads one small
-- JSON per run instead of every result's calls and diagnostics (lib/queries/primary-causes.ts). Its own
-- table: a write to a column of "Run" would fire the run's tally and leaderboard-stamp triggers.
CREATE TABLE "RunExplanation" (
    "runId" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "RunExplanation_pkey" PRIMARY KEY ("runId")
);

ALTER TABLE "RunExplanation" ADD CONSTRAINT "RunExplanation_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
