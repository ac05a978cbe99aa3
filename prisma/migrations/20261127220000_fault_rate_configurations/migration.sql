-- A run with injected faults (RunSettings faultRate > 0) is a configuration of its own: run_key() adds
-- "fault=<rate>" to its key, so clean and faulted runs are separate rows of the boards. The functions are
-- lib/runs/tally.sql's, verbatim (tally-sql.test.ts). Faults are new with this migration, so no stored
-- run has a fault rate and no key changes.

-- The injected fault rate of a run (RunSettings faultRate in its params, written only when above 0), as
-- text, or NULL for a clean run.
CREATE OR REPLACE FUNCTION run_fault_rate(params jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(params -> 'faultRate') = 'number' AND (params ->> 'faultRate')::numeric > 0 THEN params ->> 'faultRate' END
$$;

-- The configuration a run's scored verdicts are folded under: NULL for a run the boards do not count
-- (neither completed nor recorded, or archived). A run with injected faults gets "fault=<rate>" after the
-- key's parts, and a test run "test" last: each pools apart from the configuration it resembles (the boards
-- leave test runs out unless asked for them: lib/queries/config-leaderboard.ts). A clean, real run's key is
-- run_config_key()'s own text, as it always was.
CREATE OR REPLACE FUNCTION run_key(r "Run") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN r."archivedAt" IS NOT NULL THEN NULL
              WHEN r."testRun" OR f.rate IS NOT NULL
                THEN (k::jsonb
                      || CASE WHEN f.rate IS NOT NULL THEN jsonb_build_array('fault=' || f.rate) ELSE '[]'::jsonb END
                      || CASE WHEN r."testRun" THEN '["test"]'::jsonb ELSE '[]'::jsonb END)::text
              ELSE k END
    FROM run_config_key(r.status::text, r.source, r."datasetId", r."groundTruth", r."versionId", r.protocol,
                        r."scoringRevision", r.model, r.agent, r."toolSet") AS k,
         run_fault_rate(r.params) AS f(rate)
$$;
