-- The search's cause filter: each wrong answer's primary cause, kept per run (derived data, recomputed
-- by lib/queries/search-causes.ts when the run's fingerprint moves; safe to empty).
CREATE TABLE "SearchCause" (
    "resultId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "cause" TEXT NOT NULL,

    CONSTRAINT "SearchCause_pkey" PRIMARY KEY ("resultId")
);

CREATE TABLE "SearchCauseStamp" (
    "runId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,

    CONSTRAINT "SearchCauseStamp_pkey" PRIMARY KEY ("runId")
);

CREATE INDEX "SearchCause_cause_resultId_idx" ON "SearchCause"("cause", "resultId");

ALTER TABLE "SearchCause" ADD CONSTRAINT "SearchCause_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "TaskResult"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "SearchCauseStamp" ADD CONSTRAINT "SearchCauseStamp_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
