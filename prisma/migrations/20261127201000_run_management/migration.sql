-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "archivedAt" TIMESTAMP(3),
ADD COLUMN     "note" TEXT,
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "testRun" BOOLEAN NOT NULL DEFAULT false;

-- Archived runs leave the configurations (their key is NULL); test runs have configurations of their
-- own. run_key() as lib/runs/tally.sql defines it:
CREATE OR REPLACE FUNCTION run_key(r "Run") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN r."archivedAt" IS NOT NULL THEN NULL
              WHEN r."testRun" THEN (k::jsonb || '["test"]'::jsonb)::text
              ELSE k END
    FROM run_config_key(r.status::text, r.source, r."datasetId", r."groundTruth", r."versionId", r.protocol,
                        r."scoringRevision", r.model, r.agent, r."toolSet") AS k
$$;

-- Archiving, restoring and marking a test run move its verdicts between configurations.
DROP TRIGGER config_tally_on_run_update ON "Run";
CREATE TRIGGER config_tally_on_run_update AFTER UPDATE OF status, source, "datasetId", "groundTruth", "versionId", protocol, "scoringRevision", model, agent, "toolSet", "archivedAt", "testRun" ON "Run"
  FOR EACH ROW EXECUTE FUNCTION config_tally_on_run();

-- Runs on the keyless mock endpoint so far are test runs (the trigger above moves their verdicts).
UPDATE "Run" SET "testRun" = true WHERE provider = 'mock' OR endpoint = 'mock';

-- The runs list filters by tag.
CREATE INDEX "Run_tags_idx" ON "Run" USING GIN ("tags");
