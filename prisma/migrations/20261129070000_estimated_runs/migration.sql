-- Estimated runs (issue 40): a run of a subset of the tasks, chosen by the item bank, whose full-benchmark
-- accuracy is estimated with an interval. It is off every board until the rest of its tasks are run:
-- run_key() is NULL for it (lib/runs/tally.sql, verbatim below; tally-sql.test.ts), and turning it into a
-- full run (estimated false) folds its verdicts in by the update trigger. No stored run is estimated yet,
-- so no key changes.
ALTER TABLE "Run" ADD COLUMN "estimated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "estimate" JSONB;

-- The stored item banks: one row per fit of a dataset's ground truth under a scoring revision.
CREATE TABLE "ItemBankFit" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "groundTruth" TEXT NOT NULL,
    "scoringRevision" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "configurations" INTEGER NOT NULL,
    "verdicts" INTEGER NOT NULL,
    "tasks" INTEGER NOT NULL,
    "items" JSONB NOT NULL,
    "withinTemplateSd" DOUBLE PRECISION,
    "heldOutLogLik" DOUBLE PRECISION,
    "heldOutVerdicts" INTEGER,
    "calibration" JSONB,
    "fitMs" INTEGER NOT NULL,
    "fittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ItemBankFit_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ItemBankFit_datasetId_groundTruth_scoringRevision_fittedAt_idx" ON "ItemBankFit"("datasetId", "groundTruth", "scoringRevision", "fittedAt");
ALTER TABLE "ItemBankFit" ADD CONSTRAINT "ItemBankFit_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The configuration a run's scored verdicts are folded under: NULL for a run the boards do not count
-- (neither completed nor recorded, archived, or estimated: a subset run, never ranked among full runs
-- until the rest of its tasks are run, lib/runs/estimated-run.ts). A run with injected faults gets
-- "fault=<rate>" after the key's parts, a run of reworded tasks "phrasing=<name>", and a test run "test"
-- last: each pools apart from the configuration it resembles (the boards leave test runs out unless asked
-- for them: lib/queries/config-leaderboard.ts). A clean, real run of the tasks as written has
-- run_config_key()'s own text as its key, as it always had.
CREATE OR REPLACE FUNCTION run_key(r "Run") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN r."archivedAt" IS NOT NULL OR r.estimated THEN NULL
              WHEN r."testRun" OR f.rate IS NOT NULL OR w.phrasing IS NOT NULL
                THEN (k::jsonb
                      || CASE WHEN f.rate IS NOT NULL THEN jsonb_build_array('fault=' || f.rate) ELSE '[]'::jsonb END
                      || CASE WHEN w.phrasing IS NOT NULL THEN jsonb_build_array('phrasing=' || w.phrasing) ELSE '[]'::jsonb END
                      || CASE WHEN r."testRun" THEN '["test"]'::jsonb ELSE '[]'::jsonb END)::text
              ELSE k END
    FROM run_config_key(r.status::text, r.source, r."datasetId", r."groundTruth", r."versionId", r.protocol,
                        r."scoringRevision", r.model, r.agent, r."toolSet") AS k,
         run_fault_rate(r.params) AS f(rate),
         run_phrasing(r.params) AS w(phrasing)
$$;

-- Converting an estimated run into a full one (estimated: true -> false) moves its verdicts onto its key.
DROP TRIGGER config_tally_on_run_update ON "Run";
CREATE TRIGGER config_tally_on_run_update AFTER UPDATE OF status, source, "datasetId", "groundTruth", "versionId", protocol, "scoringRevision", model, agent, "toolSet", "archivedAt", "testRun", estimated ON "Run"
  FOR EACH ROW EXECUTE FUNCTION config_tally_on_run();
