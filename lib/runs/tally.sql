-- The leaderboard's tallies, defined once. The triggers that keep them on write and the rebuild
-- (lib/runs/run-tally.ts, `workbench rebuild-aggregates`) call these same functions, so a recount can
-- never count differently from the triggers. The database gets them from migrations; tally-sql.test.ts
-- checks that the latest migration defining each one says what this file says, so a change here needs
-- a migration (CREATE OR REPLACE of the changed function) to take effect.
--   RunTally         run_tally_counts()   per (run, domain, action count): done results and their verdicts
--   ConfigTaskTally  config_tally_fold()  per (configuration, task): scored trials and correct ones
--   RunConfigKey     run_key()            the configuration a run's verdicts are folded under (NULL: none)
-- RunBoard, ConfigTrialHistogram and ConfigSummary follow these by their own triggers (migrations
-- leaderboard_tallies and config_summary).

-- What a tally reads of a TaskResult row: a slim copy, so that a statement's rows can be handed to a
-- function as one array (a trigger's transition table cannot be passed) without their JSON columns.
CREATE TYPE workbench_verdict AS ("runId" text, "taskId" text, done boolean, correct boolean, "sideEffects" boolean, "exactMatch" boolean, errored boolean, "errorKind" text);

CREATE OR REPLACE FUNCTION workbench_verdict_of(r "TaskResult") RETURNS workbench_verdict LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(r."runId", r."taskId", r.status = 'done', r.correct, r."sideEffects", r."exactMatch", r.error IS NOT NULL, r."errorKind")::workbench_verdict
$$;

-- RunTally's counts of some verdicts: done ones only; provider failures counted apart as well
-- (RunBoard leaves them out of the rates, except in recorded runs).
CREATE OR REPLACE FUNCTION run_tally_counts(verdicts workbench_verdict[])
RETURNS TABLE ("runId" text, domain text, "actionCount" int, n int, correct int, "sideEffects" int, "exactMatch" int, errors int,
               "providerFailures" int, "providerCorrect" int, "providerSideEffects" int, "providerExactMatch" int)
LANGUAGE sql STABLE AS $$
  SELECT v."runId", k.domain, k."actionCount", count(*)::int,
         (count(*) FILTER (WHERE v.correct))::int, (count(*) FILTER (WHERE v."sideEffects"))::int,
         (count(*) FILTER (WHERE v."exactMatch"))::int, (count(*) FILTER (WHERE v.errored))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(v."errorKind")))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(v."errorKind") AND v.correct))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(v."errorKind") AND v."sideEffects"))::int,
         (count(*) FILTER (WHERE workbench_provider_failure(v."errorKind") AND v."exactMatch"))::int
    FROM unnest(verdicts) v JOIN "Task" k ON k.id = v."taskId"
   WHERE v.done
   GROUP BY 1, 2, 3
$$;

-- The trigger: a statement's overwritten or deleted rows are subtracted, the rows it wrote added.
CREATE OR REPLACE FUNCTION run_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "RunTally" t
       SET n = t.n - d.n, correct = t.correct - d.correct, "sideEffects" = t."sideEffects" - d."sideEffects",
           "exactMatch" = t."exactMatch" - d."exactMatch", errors = t.errors - d.errors,
           "providerFailures" = t."providerFailures" - d."providerFailures", "providerCorrect" = t."providerCorrect" - d."providerCorrect",
           "providerSideEffects" = t."providerSideEffects" - d."providerSideEffects", "providerExactMatch" = t."providerExactMatch" - d."providerExactMatch"
      FROM run_tally_counts(ARRAY(SELECT workbench_verdict_of(o::"TaskResult") FROM old_rows o)) d
     WHERE t."runId" = d."runId" AND t.domain = d.domain AND t."actionCount" = d."actionCount";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors,
                            "providerFailures", "providerCorrect", "providerSideEffects", "providerExactMatch")
    SELECT * FROM run_tally_counts(ARRAY(SELECT workbench_verdict_of(r::"TaskResult") FROM new_rows r))
    ON CONFLICT ("runId", domain, "actionCount") DO UPDATE
       SET n = "RunTally".n + EXCLUDED.n, correct = "RunTally".correct + EXCLUDED.correct,
           "sideEffects" = "RunTally"."sideEffects" + EXCLUDED."sideEffects",
           "exactMatch" = "RunTally"."exactMatch" + EXCLUDED."exactMatch", errors = "RunTally".errors + EXCLUDED.errors,
           "providerFailures" = "RunTally"."providerFailures" + EXCLUDED."providerFailures",
           "providerCorrect" = "RunTally"."providerCorrect" + EXCLUDED."providerCorrect",
           "providerSideEffects" = "RunTally"."providerSideEffects" + EXCLUDED."providerSideEffects",
           "providerExactMatch" = "RunTally"."providerExactMatch" + EXCLUDED."providerExactMatch";
  END IF;
  RETURN NULL;
END $$;

-- The injected fault rate of a run (RunSettings faultRate in its params, written only when above 0), as
-- text, or NULL for a clean run.
CREATE OR REPLACE FUNCTION run_fault_rate(params jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(params -> 'faultRate') = 'number' AND (params ->> 'faultRate')::numeric > 0 THEN params ->> 'faultRate' END
$$;

-- The phrasing a run gave its tasks (RunSettings phrasing in its params, written only when not the
-- original wording), or NULL for a run of the tasks as written.
CREATE OR REPLACE FUNCTION run_phrasing(params jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(params -> 'phrasing') = 'string' AND params ->> 'phrasing' <> 'original' THEN params ->> 'phrasing' END
$$;

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

-- Folds verdicts into their runs' configurations (the key RunConfigKey holds now): `removed` subtracted,
-- `added` added, one grouped upsert of the net change (a row rewritten with the same verdict changes
-- nothing). Scored verdicts only: done, and not a provider failure except in recorded runs.
CREATE OR REPLACE FUNCTION config_tally_fold(removed workbench_verdict[], added workbench_verdict[]) RETURNS void LANGUAGE sql AS $$
  WITH ch AS (
    SELECT -1 AS sign, v.* FROM unnest(removed) v
    UNION ALL
    SELECT 1, v.* FROM unnest(added) v
  ), delta AS (
    SELECT c."configKey" AS key, ch."taskId", sum(ch.sign)::int AS trials, sum(CASE WHEN ch.correct THEN ch.sign ELSE 0 END)::int AS correct
      FROM ch
      JOIN "RunConfigKey" c ON c."runId" = ch."runId"
      JOIN "Run" r ON r.id = ch."runId"
     WHERE c."configKey" IS NOT NULL AND ch.done AND (r.source = 'imported' OR NOT workbench_provider_failure(ch."errorKind"))
     GROUP BY 1, 2
  )
  INSERT INTO "ConfigTaskTally" ("configKey", "taskId", domain, trials, correct)
  SELECT d.key, d."taskId", k.domain, d.trials, d.correct
    FROM delta d JOIN "Task" k ON k.id = d."taskId"
   WHERE d.trials <> 0 OR d.correct <> 0
  ON CONFLICT ("configKey", "taskId") DO UPDATE
     SET trials = "ConfigTaskTally".trials + EXCLUDED.trials, correct = "ConfigTaskTally".correct + EXCLUDED.correct
$$;

CREATE OR REPLACE FUNCTION config_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement per event: a transition table the event lacks cannot even be named.
  IF TG_OP = 'INSERT' THEN
    PERFORM config_tally_fold('{}', ARRAY(SELECT workbench_verdict_of(n::"TaskResult") FROM new_rows n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM config_tally_fold(ARRAY(SELECT workbench_verdict_of(o::"TaskResult") FROM old_rows o),
                              ARRAY(SELECT workbench_verdict_of(n::"TaskResult") FROM new_rows n));
  ELSE
    PERFORM config_tally_fold(ARRAY(SELECT workbench_verdict_of(o::"TaskResult") FROM old_rows o), '{}');
  END IF;
  RETURN NULL;
END $$;

-- A run that becomes counted, stops being counted, changes configuration or is deleted: its verdicts
-- leave the key they are folded under and join the new one; both summaries follow. The delete is
-- summarised after it (config_summary_on_run_delete): before, the run is still there.
CREATE OR REPLACE FUNCTION config_tally_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded text;
  wanted text := NULL;
  verdicts workbench_verdict[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new run has no verdicts yet: only its key.
    wanted := run_key(NEW);
    INSERT INTO "RunConfigKey" ("runId", "configKey") VALUES (NEW.id, wanted);
    PERFORM config_summary_refresh(ARRAY[wanted]);
    RETURN NULL;
  END IF;
  SELECT "configKey" INTO folded FROM "RunConfigKey" WHERE "runId" = OLD.id;
  IF TG_OP = 'UPDATE' THEN
    wanted := run_key(NEW);
  END IF;
  IF folded IS DISTINCT FROM wanted THEN
    verdicts := ARRAY(SELECT workbench_verdict_of(x) FROM "TaskResult" x WHERE x."runId" = OLD.id AND x.status = 'done');
    PERFORM config_tally_fold(verdicts, '{}');
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO "RunConfigKey" ("runId", "configKey") VALUES (NEW.id, wanted)
      ON CONFLICT ("runId") DO UPDATE SET "configKey" = EXCLUDED."configKey";
      PERFORM config_tally_fold('{}', verdicts);
      PERFORM config_summary_refresh(ARRAY[folded, wanted]);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION config_summary_on_run_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_summary_refresh(ARRAY(SELECT run_key(o::"Run") FROM old_rows o));
  RETURN NULL;
END $$;

-- The rebuild (a repair, or after re-scoring): one run's RunTally rows recounted from its results, or,
-- with NULL, every tally, configuration key and summary from scratch. RunBoard and the histogram follow
-- by trigger.
CREATE OR REPLACE FUNCTION leaderboard_rebuild(run_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  verdicts workbench_verdict[];
BEGIN
  IF run_id IS NOT NULL THEN
    -- The run row first: a worker finishing one of its results locks it too, so the recount cannot
    -- interleave with a trigger's increment.
    PERFORM 1 FROM "Run" WHERE id = run_id FOR UPDATE;
    DELETE FROM "RunTally" WHERE "runId" = run_id;
    INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors,
                            "providerFailures", "providerCorrect", "providerSideEffects", "providerExactMatch")
    SELECT * FROM run_tally_counts(ARRAY(SELECT workbench_verdict_of(x) FROM "TaskResult" x WHERE x."runId" = run_id AND x.status = 'done'));
    RETURN;
  END IF;
  verdicts := ARRAY(SELECT workbench_verdict_of(x) FROM "TaskResult" x WHERE x.status = 'done');
  DELETE FROM "RunTally";
  INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors,
                          "providerFailures", "providerCorrect", "providerSideEffects", "providerExactMatch")
  SELECT * FROM run_tally_counts(verdicts);
  DELETE FROM "ConfigTaskTally";
  DELETE FROM "ConfigTrialHistogram";
  UPDATE "RunConfigKey" c SET "configKey" = run_key(r) FROM "Run" r WHERE r.id = c."runId";
  PERFORM config_tally_fold('{}', verdicts);
  DELETE FROM "ConfigSummary";
  PERFORM config_summary_refresh(ARRAY(SELECT DISTINCT "configKey" FROM "RunConfigKey" WHERE "configKey" IS NOT NULL));
END $$;
