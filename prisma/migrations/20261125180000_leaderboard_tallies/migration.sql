-- Leaderboards cost O(configurations), not O(runs or results): everything they show is kept on write,
-- inside the transaction that writes a TaskResult or changes a Run, by triggers (as RunTally already is).
--   RunTally            + the provider failures among each (run, domain, action count)'s done results
--   RunBoard            one row per run: the runs leaderboard's figures and sort keys (from RunTally)
--   ConfigTaskTally     scored trials and correct ones per (configuration, task): pass^k pools them
--   ConfigTrialHistogram  how many tasks of a configuration and domain have (trials, correct): pass^k
--                       and k read from it without touching one row per task.
-- A task that failed at the provider (lib/runs/run-outcome.ts) is not scored, except in recorded runs
-- whose evaluator scored every result: workbench_provider_failure_kinds() is the SQL side of
-- PROVIDER_FAILURE_KINDS (a db test checks the two agree).

CREATE FUNCTION workbench_provider_failure_kinds() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY['provider']::text[] $$;

CREATE FUNCTION workbench_provider_failure(kind text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT kind IS NOT NULL AND kind = ANY (workbench_provider_failure_kinds())
$$;

-- AlterTable
ALTER TABLE "RunTally" ADD COLUMN "providerFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "providerCorrect" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "providerSideEffects" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "providerExactMatch" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "RunBoard" (
    "runId" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "providerFailures" INTEGER NOT NULL DEFAULT 0,
    "n" INTEGER NOT NULL DEFAULT 0,
    "correct" INTEGER NOT NULL DEFAULT 0,
    "sideEffects" INTEGER NOT NULL DEFAULT 0,
    "exactMatch" INTEGER NOT NULL DEFAULT 0,
    "zeroN" INTEGER NOT NULL DEFAULT 0,
    "zeroCorrect" INTEGER NOT NULL DEFAULT 0,
    "onePlusN" INTEGER NOT NULL DEFAULT 0,
    "onePlusCorrect" INTEGER NOT NULL DEFAULT 0,
    "twoPlusN" INTEGER NOT NULL DEFAULT 0,
    "twoPlusCorrect" INTEGER NOT NULL DEFAULT 0,
    "accuracy" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "sideEffectRate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "exactMatchRate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "zeroAction" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "onePlus" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "twoPlus" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "domains" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "RunBoard_pkey" PRIMARY KEY ("runId")
);

-- CreateTable
CREATE TABLE "ConfigTaskTally" (
    "configKey" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "trials" INTEGER NOT NULL DEFAULT 0,
    "correct" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ConfigTaskTally_pkey" PRIMARY KEY ("configKey","taskId")
);

-- CreateTable
CREATE TABLE "ConfigTrialHistogram" (
    "configKey" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "trials" INTEGER NOT NULL,
    "correct" INTEGER NOT NULL,
    "tasks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ConfigTrialHistogram_pkey" PRIMARY KEY ("configKey","domain","trials","correct")
);

-- CreateIndex
CREATE INDEX "RunBoard_accuracy_idx" ON "RunBoard"("accuracy");
CREATE INDEX "RunBoard_sideEffectRate_idx" ON "RunBoard"("sideEffectRate");
CREATE INDEX "RunBoard_exactMatchRate_idx" ON "RunBoard"("exactMatchRate");
CREATE INDEX "RunBoard_zeroAction_idx" ON "RunBoard"("zeroAction");
CREATE INDEX "RunBoard_onePlus_idx" ON "RunBoard"("onePlus");
CREATE INDEX "RunBoard_twoPlus_idx" ON "RunBoard"("twoPlus");
CREATE INDEX "Run_status_source_idx" ON "Run"("status", "source");

-- AddForeignKey
ALTER TABLE "RunBoard" ADD CONSTRAINT "RunBoard_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- RunTally now also counts the provider failures among its done results.
CREATE OR REPLACE FUNCTION run_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "RunTally" t
       SET n = t.n - d.n, correct = t.correct - d.correct, "sideEffects" = t."sideEffects" - d."sideEffects",
           "exactMatch" = t."exactMatch" - d."exactMatch", errors = t.errors - d.errors,
           "providerFailures" = t."providerFailures" - d.pf, "providerCorrect" = t."providerCorrect" - d."pfCorrect",
           "providerSideEffects" = t."providerSideEffects" - d."pfSideEffects", "providerExactMatch" = t."providerExactMatch" - d."pfExactMatch"
      FROM (SELECT o."runId", k.domain, k."actionCount", count(*)::int AS n,
                   (count(*) FILTER (WHERE o.correct))::int AS correct,
                   (count(*) FILTER (WHERE o."sideEffects"))::int AS "sideEffects",
                   (count(*) FILTER (WHERE o."exactMatch"))::int AS "exactMatch",
                   (count(*) FILTER (WHERE o.error IS NOT NULL))::int AS errors,
                   (count(*) FILTER (WHERE workbench_provider_failure(o."errorKind")))::int AS pf,
                   (count(*) FILTER (WHERE workbench_provider_failure(o."errorKind") AND o.correct))::int AS "pfCorrect",
                   (count(*) FILTER (WHERE workbench_provider_failure(o."errorKind") AND o."sideEffects"))::int AS "pfSideEffects",
                   (count(*) FILTER (WHERE workbench_provider_failure(o."errorKind") AND o."exactMatch"))::int AS "pfExactMatch"
              FROM old_rows o JOIN "Task" k ON k.id = o."taskId"
             WHERE o.status = 'done'
             GROUP BY 1, 2, 3) d
     WHERE t."runId" = d."runId" AND t.domain = d.domain AND t."actionCount" = d."actionCount";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors,
                            "providerFailures", "providerCorrect", "providerSideEffects", "providerExactMatch")
    SELECT r."runId", k.domain, k."actionCount", count(*)::int,
           (count(*) FILTER (WHERE r.correct))::int, (count(*) FILTER (WHERE r."sideEffects"))::int,
           (count(*) FILTER (WHERE r."exactMatch"))::int, (count(*) FILTER (WHERE r.error IS NOT NULL))::int,
           (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind")))::int,
           (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind") AND r.correct))::int,
           (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind") AND r."sideEffects"))::int,
           (count(*) FILTER (WHERE workbench_provider_failure(r."errorKind") AND r."exactMatch"))::int
      FROM new_rows r JOIN "Task" k ON k.id = r."taskId"
     WHERE r.status = 'done'
     GROUP BY 1, 2, 3
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

-- RunBoard: a run's row recomputed from its RunTally rows (a few dozen) whenever they change. Rates
-- are over the scored results (provider failures left out, except in recorded runs); `done` and
-- `domains.done` still count every verdict (a run's coverage is what it ran). Rates of nothing are 0,
-- as lib/metrics/wilson.ts's ratio().
CREATE FUNCTION run_board_refresh(ids text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "RunBoard" WHERE "runId" = ANY (ids);
  WITH t AS (
    SELECT t."runId", t.domain, t."actionCount", t.n AS done, x.pf,
           t.n - x.pf AS n, t.correct - x.pfc AS correct, t."sideEffects" - x.pfs AS "sideEffects", t."exactMatch" - x.pfe AS "exactMatch"
      FROM "RunTally" t
      JOIN "Run" r ON r.id = t."runId"
      CROSS JOIN LATERAL (SELECT CASE WHEN r.source = 'imported' THEN 0 ELSE t."providerFailures" END AS pf,
                                 CASE WHEN r.source = 'imported' THEN 0 ELSE t."providerCorrect" END AS pfc,
                                 CASE WHEN r.source = 'imported' THEN 0 ELSE t."providerSideEffects" END AS pfs,
                                 CASE WHEN r.source = 'imported' THEN 0 ELSE t."providerExactMatch" END AS pfe) x
     WHERE t."runId" = ANY (ids)
  ), s AS (
    SELECT "runId", sum(done)::int AS done, sum(pf)::int AS pf, sum(n)::int AS n, sum(correct)::int AS correct,
           sum("sideEffects")::int AS "sideEffects", sum("exactMatch")::int AS "exactMatch",
           coalesce(sum(n) FILTER (WHERE "actionCount" = 0), 0)::int AS "zeroN",
           coalesce(sum(correct) FILTER (WHERE "actionCount" = 0), 0)::int AS "zeroCorrect",
           coalesce(sum(n) FILTER (WHERE "actionCount" > 0), 0)::int AS "onePlusN",
           coalesce(sum(correct) FILTER (WHERE "actionCount" > 0), 0)::int AS "onePlusCorrect",
           coalesce(sum(n) FILTER (WHERE "actionCount" > 1), 0)::int AS "twoPlusN",
           coalesce(sum(correct) FILTER (WHERE "actionCount" > 1), 0)::int AS "twoPlusCorrect"
      FROM t GROUP BY "runId"
  ), d AS (
    SELECT "runId", jsonb_object_agg(domain, jsonb_build_object('done', done, 'results', n, 'correct', correct, 'sideEffects', "sideEffects")) AS domains
      FROM (SELECT "runId", domain, sum(done)::int AS done, sum(n)::int AS n, sum(correct)::int AS correct, sum("sideEffects")::int AS "sideEffects"
              FROM t GROUP BY 1, 2 HAVING sum(done) > 0) g
     GROUP BY "runId"
  )
  INSERT INTO "RunBoard" ("runId", done, "providerFailures", n, correct, "sideEffects", "exactMatch", "zeroN", "zeroCorrect",
                          "onePlusN", "onePlusCorrect", "twoPlusN", "twoPlusCorrect",
                          accuracy, "sideEffectRate", "exactMatchRate", "zeroAction", "onePlus", "twoPlus", domains)
  SELECT s."runId", s.done, s.pf, s.n, s.correct, s."sideEffects", s."exactMatch", s."zeroN", s."zeroCorrect",
         s."onePlusN", s."onePlusCorrect", s."twoPlusN", s."twoPlusCorrect",
         CASE WHEN s.n > 0 THEN s.correct::float8 / s.n ELSE 0 END,
         CASE WHEN s.n > 0 THEN s."sideEffects"::float8 / s.n ELSE 0 END,
         CASE WHEN s.n > 0 THEN s."exactMatch"::float8 / s.n ELSE 0 END,
         CASE WHEN s."zeroN" > 0 THEN s."zeroCorrect"::float8 / s."zeroN" ELSE 0 END,
         CASE WHEN s."onePlusN" > 0 THEN s."onePlusCorrect"::float8 / s."onePlusN" ELSE 0 END,
         CASE WHEN s."twoPlusN" > 0 THEN s."twoPlusCorrect"::float8 / s."twoPlusN" ELSE 0 END,
         coalesce(d.domains, '{}'::jsonb)
    FROM s LEFT JOIN d ON d."runId" = s."runId"
   WHERE s.done > 0;
$$;

CREATE FUNCTION run_board_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "runId") INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT "runId") INTO ids FROM (SELECT "runId" FROM new_rows UNION SELECT "runId" FROM old_rows) u;
  ELSE
    SELECT array_agg(DISTINCT "runId") INTO ids FROM old_rows;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM run_board_refresh(ids);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER run_board_on_insert AFTER INSERT ON "RunTally"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_board_apply();
CREATE TRIGGER run_board_on_update AFTER UPDATE ON "RunTally"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_board_apply();
CREATE TRIGGER run_board_on_delete AFTER DELETE ON "RunTally"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION run_board_apply();

-- Configurations: what lib/metrics/config-leaderboard.ts's configKey groups by, from the run's own
-- columns (the dataset and version by id; the board maps them to slugs and revisions). NULL for a run
-- the boards do not count yet (neither completed nor recorded).
CREATE FUNCTION run_config_key(status text, source text, "datasetId" text, "groundTruth" text, "versionId" text, protocol text,
                               "scoringRevision" text, model text, agent text, "toolSet" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status = 'completed' OR source = 'imported'
              THEN json_build_array("datasetId", "groundTruth", "versionId", protocol, "scoringRevision", model, agent, "toolSet")::text END
$$;

-- The key under which a run's scored verdicts are currently folded (NULL: not folded). Kept apart from
-- Run's own columns on purpose: the worker's last verdict and the run's completion are one statement
-- (lib/runs/persist-result.ts), whose TaskResult trigger fires before the Run row trigger and must see
-- the run as not yet counted; the Run trigger then moves every verdict, that one included. (So one
-- statement must not change a run's counted key in a CTE before writing done verdicts of that run in
-- its main part; the statements that close runs with a CTE — cancel, recovery — change no verdict to done.)
CREATE TABLE "RunConfigKey" (
    "runId" TEXT NOT NULL,
    "configKey" TEXT,

    CONSTRAINT "RunConfigKey_pkey" PRIMARY KEY ("runId")
);

ALTER TABLE "RunConfigKey" ADD CONSTRAINT "RunConfigKey_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Folds the scored verdicts of TaskResult rows into their configurations' per-task tallies, with a
-- sign (-1: rows a statement overwrote or deleted, +1: rows it wrote). One query text for the three
-- events, run by EXECUTE in the trigger function itself (transition tables are visible only there).
CREATE FUNCTION config_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := $c$SELECT 1 AS sign, "runId", "taskId", status::text AS status, correct, "errorKind" FROM new_rows$c$;
  ELSIF TG_OP = 'UPDATE' THEN
    changes := $c$SELECT -1 AS sign, "runId", "taskId", status::text AS status, correct, "errorKind" FROM old_rows
        UNION ALL SELECT 1, "runId", "taskId", status::text, correct, "errorKind" FROM new_rows$c$;
  ELSE
    changes := $c$SELECT -1 AS sign, "runId", "taskId", status::text AS status, correct, "errorKind" FROM old_rows$c$;
  END IF;
  EXECUTE format($q$
    WITH ch AS (%s),
    runs AS (
      SELECT r.id, r.source, c."configKey" AS key
        FROM "Run" r JOIN "RunConfigKey" c ON c."runId" = r.id
       WHERE r.id IN (SELECT DISTINCT "runId" FROM ch)
    ),
    delta AS (
      SELECT runs.key, ch."taskId", sum(ch.sign)::int AS trials, sum(CASE WHEN ch.correct THEN ch.sign ELSE 0 END)::int AS correct
        FROM ch JOIN runs ON runs.id = ch."runId"
       WHERE runs.key IS NOT NULL AND ch.status = 'done' AND (runs.source = 'imported' OR NOT workbench_provider_failure(ch."errorKind"))
       GROUP BY 1, 2
    )
    INSERT INTO "ConfigTaskTally" ("configKey", "taskId", domain, trials, correct)
    SELECT d.key, d."taskId", k.domain, d.trials, d.correct
      FROM delta d JOIN "Task" k ON k.id = d."taskId"
     WHERE d.trials <> 0 OR d.correct <> 0
    ON CONFLICT ("configKey", "taskId") DO UPDATE
       SET trials = "ConfigTaskTally".trials + EXCLUDED.trials, correct = "ConfigTaskTally".correct + EXCLUDED.correct
  $q$, changes);
  RETURN NULL;
END $$;

CREATE TRIGGER config_tally_on_insert AFTER INSERT ON "TaskResult"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_tally_apply();
CREATE TRIGGER config_tally_on_update AFTER UPDATE ON "TaskResult"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION config_tally_apply();
CREATE TRIGGER config_tally_on_delete AFTER DELETE ON "TaskResult"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION config_tally_apply();

-- A run that becomes counted (completed), stops being counted, changes configuration (a re-score sets
-- its scoring revision) or is deleted moves its scored verdicts from the key they are folded under to
-- the new one.
CREATE FUNCTION config_tally_move(run_id text, run_source text, old_key text, new_key text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ConfigTaskTally" ("configKey", "taskId", domain, trials, correct)
  SELECT m.key, x."taskId", k.domain, (m.sign * count(*))::int, (m.sign * count(*) FILTER (WHERE x.correct))::int
    FROM "TaskResult" x
    JOIN "Task" k ON k.id = x."taskId"
    CROSS JOIN (VALUES (old_key, -1), (new_key, 1)) AS m(key, sign)
   WHERE x."runId" = run_id AND m.key IS NOT NULL AND x.status = 'done'
     AND (run_source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))
   GROUP BY m.key, m.sign, x."taskId", k.domain
  ON CONFLICT ("configKey", "taskId") DO UPDATE
     SET trials = "ConfigTaskTally".trials + EXCLUDED.trials, correct = "ConfigTaskTally".correct + EXCLUDED.correct
$$;

CREATE FUNCTION config_tally_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded text;
  wanted text := NULL;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new run has no verdicts yet: only its key.
    INSERT INTO "RunConfigKey" ("runId", "configKey")
    VALUES (NEW.id, run_config_key(NEW.status::text, NEW.source, NEW."datasetId", NEW."groundTruth", NEW."versionId", NEW.protocol,
                                   NEW."scoringRevision", NEW.model, NEW.agent, NEW."toolSet"));
    RETURN NULL;
  END IF;
  SELECT "configKey" INTO folded FROM "RunConfigKey" WHERE "runId" = OLD.id;
  IF TG_OP = 'UPDATE' THEN
    wanted := run_config_key(NEW.status::text, NEW.source, NEW."datasetId", NEW."groundTruth", NEW."versionId", NEW.protocol,
                             NEW."scoringRevision", NEW.model, NEW.agent, NEW."toolSet");
  END IF;
  IF folded IS DISTINCT FROM wanted THEN
    PERFORM config_tally_move(OLD.id, OLD.source, folded, wanted);
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO "RunConfigKey" ("runId", "configKey") VALUES (NEW.id, wanted)
      ON CONFLICT ("runId") DO UPDATE SET "configKey" = EXCLUDED."configKey";
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER config_tally_on_run_insert AFTER INSERT ON "Run"
  FOR EACH ROW EXECUTE FUNCTION config_tally_on_run();
CREATE TRIGGER config_tally_on_run_update AFTER UPDATE OF status, source, "datasetId", "groundTruth", "versionId", protocol, "scoringRevision", model, agent, "toolSet" ON "Run"
  FOR EACH ROW EXECUTE FUNCTION config_tally_on_run();
-- Before the delete: its results (removed by the cascade afterwards) no longer find their run's key.
CREATE TRIGGER config_tally_on_run_delete BEFORE DELETE ON "Run"
  FOR EACH ROW EXECUTE FUNCTION config_tally_on_run();

-- The histogram follows each per-task row: a task moves from its old (trials, correct) cell to its new one.
CREATE FUNCTION config_histogram_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.trials > 0 THEN
    UPDATE "ConfigTrialHistogram" SET tasks = tasks - 1
     WHERE "configKey" = OLD."configKey" AND domain = OLD.domain AND trials = OLD.trials AND correct = OLD.correct;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.trials > 0 THEN
    INSERT INTO "ConfigTrialHistogram" ("configKey", domain, trials, correct, tasks) VALUES (NEW."configKey", NEW.domain, NEW.trials, NEW.correct, 1)
    ON CONFLICT ("configKey", domain, trials, correct) DO UPDATE SET tasks = "ConfigTrialHistogram".tasks + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER config_histogram_on_change AFTER INSERT OR UPDATE OR DELETE ON "ConfigTaskTally"
  FOR EACH ROW EXECUTE FUNCTION config_histogram_apply();

-- A change stamp of what the configuration board shows: bumped in the writing transaction whenever a
-- counted run (completed or recorded) or its figures change, so a board computed once is served again
-- until then (lib/queries/config-leaderboard.ts), at the cost of reading this one row. Runs in progress
-- never bump it: their verdicts are not on the board.
CREATE TABLE "LeaderboardStamp" (
    "id" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "LeaderboardStamp_pkey" PRIMARY KEY ("id")
);
INSERT INTO "LeaderboardStamp" (id, version) VALUES (1, 0);

CREATE FUNCTION leaderboard_stamp_bump() RETURNS void LANGUAGE sql AS $$
  UPDATE "LeaderboardStamp" SET version = version + 1 WHERE id = 1
$$;

-- Any change to the configurations' tallies (a statement that changed no row bumps nothing).
CREATE FUNCTION leaderboard_stamp_on_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  -- One query per event: a transition table the event lacks cannot even be named.
  IF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows);
  ELSE
    changed := EXISTS (SELECT 1 FROM new_rows);
  END IF;
  IF changed THEN
    PERFORM leaderboard_stamp_bump();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER leaderboard_stamp_on_tally_insert AFTER INSERT ON "ConfigTaskTally"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_stamp_on_tally();
CREATE TRIGGER leaderboard_stamp_on_tally_update AFTER UPDATE ON "ConfigTaskTally"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_stamp_on_tally();
CREATE TRIGGER leaderboard_stamp_on_tally_delete AFTER DELETE ON "ConfigTaskTally"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_stamp_on_tally();

-- Any change to a counted run's row (name, cost, tokens, status...) or to its RunBoard figures.
CREATE FUNCTION leaderboard_stamp_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND (OLD.status = 'completed' OR OLD.source = 'imported'))
     OR (TG_OP <> 'DELETE' AND (NEW.status = 'completed' OR NEW.source = 'imported')) THEN
    PERFORM leaderboard_stamp_bump();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER leaderboard_stamp_on_run AFTER INSERT OR UPDATE OR DELETE ON "Run"
  FOR EACH ROW EXECUTE FUNCTION leaderboard_stamp_on_run();

CREATE FUNCTION leaderboard_stamp_on_board() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows b JOIN "Run" r ON r.id = b."runId" WHERE r.status = 'completed' OR r.source = 'imported') THEN
    PERFORM leaderboard_stamp_bump();
  END IF;
  RETURN NULL;
END $$;

-- RunBoard rows are deleted and inserted again on every refresh: the inserts carry the new figures.
CREATE TRIGGER leaderboard_stamp_on_board AFTER INSERT ON "RunBoard"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_stamp_on_board();

-- Backfill: the runs and results that existed before this migration, with every trigger above in place
-- (the histogram and RunBoard fill themselves from the rows written here). The block between the
-- markers is also run by lib/queries/leaderboard-tallies.db.test.ts on cleared tables, to check it.
-- backfill:begin
UPDATE "RunTally" t
   SET "providerFailures" = coalesce(d.pf, 0), "providerCorrect" = coalesce(d."pfCorrect", 0),
       "providerSideEffects" = coalesce(d."pfSideEffects", 0), "providerExactMatch" = coalesce(d."pfExactMatch", 0)
  FROM (SELECT r."runId", k.domain, k."actionCount", count(*)::int AS pf,
               (count(*) FILTER (WHERE r.correct))::int AS "pfCorrect",
               (count(*) FILTER (WHERE r."sideEffects"))::int AS "pfSideEffects",
               (count(*) FILTER (WHERE r."exactMatch"))::int AS "pfExactMatch"
          FROM "TaskResult" r JOIN "Task" k ON k.id = r."taskId"
         WHERE r.status = 'done' AND workbench_provider_failure(r."errorKind")
         GROUP BY 1, 2, 3) d
 WHERE t."runId" = d."runId" AND t.domain = d.domain AND t."actionCount" = d."actionCount";

SELECT run_board_refresh(ARRAY(SELECT DISTINCT "runId" FROM "RunTally"));

INSERT INTO "RunConfigKey" ("runId", "configKey")
SELECT r.id, run_config_key(r.status::text, r.source, r."datasetId", r."groundTruth", r."versionId", r.protocol,
                            r."scoringRevision", r.model, r.agent, r."toolSet")
  FROM "Run" r
ON CONFLICT ("runId") DO UPDATE SET "configKey" = EXCLUDED."configKey";

INSERT INTO "ConfigTaskTally" ("configKey", "taskId", domain, trials, correct)
SELECT c."configKey", x."taskId", k.domain, count(*)::int, (count(*) FILTER (WHERE x.correct))::int
  FROM "TaskResult" x
  JOIN "Task" k ON k.id = x."taskId"
  JOIN "Run" r ON r.id = x."runId"
  JOIN "RunConfigKey" c ON c."runId" = x."runId"
 WHERE c."configKey" IS NOT NULL AND x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))
 GROUP BY c."configKey", x."taskId", k.domain;
-- backfill:end
