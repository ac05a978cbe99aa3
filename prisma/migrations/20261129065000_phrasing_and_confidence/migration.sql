-- Reworded tasks and the confidence turn (issue 39). A run of reworded tasks (RunSettings phrasing other
-- than "original") is a configuration of its own: run_key() adds "phrasing=<name>" to its key, so the
-- robustness to paraphrase pairs it with the original wording instead of pooling them. The functions are
-- lib/runs/tally.sql's, verbatim (tally-sql.test.ts). Phrasings are new with this migration, so no stored
-- run has one and no key changes.

-- The phrasing a run gave its tasks (RunSettings phrasing in its params, written only when not the
-- original wording), or NULL for a run of the tasks as written.
CREATE OR REPLACE FUNCTION run_phrasing(params jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(params -> 'phrasing') = 'string' AND params ->> 'phrasing' <> 'original' THEN params ->> 'phrasing' END
$$;

-- The configuration a run's scored verdicts are folded under: NULL for a run the boards do not count
-- (neither completed nor recorded, or archived). A run with injected faults gets "fault=<rate>" after the
-- key's parts, a run of reworded tasks "phrasing=<name>", and a test run "test" last: each pools apart from
-- the configuration it resembles (the boards leave test runs out unless asked for them:
-- lib/queries/config-leaderboard.ts). A clean, real run of the tasks as written has run_config_key()'s own
-- text as its key, as it always had.
CREATE OR REPLACE FUNCTION run_key(r "Run") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN r."archivedAt" IS NOT NULL THEN NULL
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

-- The agent's stated confidence that it did the task correctly, 0 to 1 (RunSettings askConfidence: one
-- short turn after its final answer); NULL when not asked, or when its reply held no number.
ALTER TABLE "TaskResult" ADD COLUMN "confidence" DOUBLE PRECISION;
