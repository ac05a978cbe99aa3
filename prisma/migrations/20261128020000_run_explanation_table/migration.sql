-- The kept run explanation moves out of "Run" into a table of its own: writing a column of "Run" on a page
-- read fired the run's tally and leaderboard-stamp triggers (every board's cache invalidated, the single
-- stamp row locked). What the old column held is derived data; it is recomputed on the next read.
ALTER TABLE "Run" DROP COLUMN "explainCache";

CREATE TABLE "RunExplanation" (
    "runId" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "RunExplanation_pkey" PRIMARY KEY ("runId")
);

ALTER TABLE "RunExplanation" ADD CONSTRAINT "RunExplanation_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
