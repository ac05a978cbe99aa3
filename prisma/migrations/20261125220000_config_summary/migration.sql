-- The configuration leaderboard reads one row per (configuration, provider), never one row per run:
-- ConfigSummary keeps, per key of RunConfigKey (run_config_key()) and provider, what the board pools
-- over those runs, recomputed from that configuration's own runs (their RunBoard rows and Run columns:
-- a few dozen rows) by triggers in the writing transaction, whenever one of them changes:
--   run_board_refresh()       a run's figures changed (its verdicts were written, rewritten, deleted)
--   config_tally_on_run()     a run became counted, stopped being counted or changed configuration
--   config_summary_on_run_*   a counted run's cost, tokens, provider, trials or date changed; a run was deleted
-- Runs in progress are in no configuration (their key is NULL): the worker's per-task writes skip it all.
--
-- A cell (`total`, and one per domain in `domains`) pools the runs with verdicts (those with a RunBoard
-- row; in a domain's cell, those with verdicts in that domain), as lib/metrics/config-leaderboard.ts reads it:
--   runs, done, results, correct, sideEffects   sums (results: scored, provider failures left out)
--   maxTasks      most tasks one run covered (its verdicts over its trials, rounded per domain): coverage
--   firstAt/firstId, latest   the earliest run (its provider names the row) and the latest date (ms)
--   cost, tokens  sums over the runs whose figure is known (in a domain's cell, each run's share of it:
--                 the domain's part of its scored results); costUnknown / tokensUnknown count the others
--   needsPrice    runs that measured tokens but recorded $0: unknown unless the price table has the
--                 model (the board checks lib/providers' table, per row: provider and model are the row's)
--   estimated     runs whose cost and tokens are the import's estimate (recorded runs without usage)
-- The cost rule is lib/queries/config-leaderboard.ts's: model-less agents cost nothing; a recorded run
-- without usage costs its estimate, or is unknown without one; `params.priceUnknown` makes it unknown.
CREATE TABLE "ConfigSummary" (
    "configKey" TEXT NOT NULL,
    -- '' for runs without a provider (a primary key column cannot be NULL).
    "provider" TEXT NOT NULL DEFAULT '',
    "datasetId" TEXT NOT NULL,
    "groundTruth" TEXT NOT NULL,
    "versionId" TEXT,
    "protocol" TEXT NOT NULL,
    "scoringRevision" TEXT,
    "model" TEXT,
    "agent" TEXT NOT NULL,
    "toolSet" TEXT NOT NULL,
    -- Counted runs, with verdicts or not (the board's filter options list them all).
    "runs" INTEGER NOT NULL DEFAULT 0,
    "total" JSONB,
    "domains" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "ConfigSummary_pkey" PRIMARY KEY ("configKey","provider")
);

-- The runs of one configuration, found without scanning RunConfigKey.
CREATE INDEX "RunConfigKey_configKey_idx" ON "RunConfigKey"("configKey");

CREATE FUNCTION config_summary_refresh(wanted text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  keys text[] := ARRAY(SELECT DISTINCT k FROM unnest(wanted) AS k WHERE k IS NOT NULL ORDER BY k);
  each_key text;
BEGIN
  IF cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  -- Two transactions summarising the same configuration (two of its runs finishing at once) take
  -- turns: the second then deletes the first's rows instead of inserting beside them. Keys in order,
  -- so two sets of keys never wait on each other crosswise.
  FOREACH each_key IN ARRAY keys LOOP
    PERFORM pg_advisory_xact_lock(hashtext('ConfigSummary'), hashtext(each_key));
  END LOOP;
  DELETE FROM "ConfigSummary" WHERE "configKey" = ANY (keys);
  WITH run AS (
    SELECT c."configKey" AS key, coalesce(r.provider, '') AS provider, r.id, (extract(epoch FROM r."createdAt") * 1000)::float8 AS at,
           greatest(1, r.trials) AS trials, b.domains, x.cost, x.tokens, x."needsPrice", x.estimated
      FROM "RunConfigKey" c
      JOIN "Run" r ON r.id = c."runId"
      LEFT JOIN "RunBoard" b ON b."runId" = r.id
      CROSS JOIN LATERAL (SELECT r.source = 'imported' AND r."inputTokens" + r."outputTokens" = 0 AS unmeasured,
                                 coalesce(r.params->'priceUnknown' = 'true'::jsonb, false) AS "priceUnknown") u
      CROSS JOIN LATERAL (SELECT u.unmeasured AND r."estimatedCostUsd" IS NOT NULL AS "byEstimate") e
      CROSS JOIN LATERAL (
        SELECT CASE WHEN r.model IS NULL THEN 0::float8
                    WHEN e."byEstimate" THEN r."estimatedCostUsd"
                    WHEN u.unmeasured OR u."priceUnknown" THEN NULL
                    ELSE r."costUsd" END AS cost,
               CASE WHEN r.model IS NULL THEN 0::float8
                    WHEN e."byEstimate" THEN (r."estimatedInputTokens" + r."estimatedOutputTokens")::float8
                    WHEN u.unmeasured THEN NULL
                    ELSE (r."inputTokens" + r."outputTokens")::float8 END AS tokens,
               r.model IS NOT NULL AND NOT e."byEstimate" AND NOT u.unmeasured AND NOT u."priceUnknown" AND r."costUsd" = 0 AS "needsPrice",
               r.model IS NOT NULL AND e."byEstimate" AS estimated) x
     WHERE c."configKey" = ANY (keys)
  ), cell AS (
    -- One row per (run, domain with verdicts); share: the domain's part of the run's scored results.
    SELECT run.key, run.provider, run.id, run.at, run.cost, run.tokens, run."needsPrice", run.estimated, d.domain,
           d.done, d.results, d.correct, d."sideEffects", round(d.done::numeric / run.trials)::int AS tasks,
           CASE WHEN sum(d.results) OVER (PARTITION BY run.id) > 0 THEN d.results::float8 / sum(d.results) OVER (PARTITION BY run.id) ELSE 0 END AS share
      FROM run
      CROSS JOIN LATERAL (SELECT j.key AS domain, (j.value->>'done')::int AS done, (j.value->>'results')::int AS results,
                                 (j.value->>'correct')::int AS correct, (j.value->>'sideEffects')::int AS "sideEffects"
                            FROM jsonb_each(run.domains) j) d
  ), per_run AS (
    SELECT key, provider, id, at, cost, tokens, "needsPrice", estimated, sum(done)::int AS done, sum(results)::int AS results,
           sum(correct)::int AS correct, sum("sideEffects")::int AS "sideEffects", sum(tasks)::int AS tasks, 1::float8 AS share
      FROM cell GROUP BY key, provider, id, at, cost, tokens, "needsPrice", estimated
  ), cells AS (
    SELECT key, provider, NULL::text AS domain, id, at, cost, tokens, "needsPrice", estimated, done, results, correct, "sideEffects", tasks, share FROM per_run
    UNION ALL
    SELECT key, provider, domain, id, at, cost, tokens, "needsPrice", estimated, done, results, correct, "sideEffects", tasks, share FROM cell
  ), pooled AS (
    SELECT key, provider, domain,
           jsonb_build_object(
             'runs', count(*), 'done', sum(done), 'results', sum(results), 'correct', sum(correct), 'sideEffects', sum("sideEffects"),
             'maxTasks', max(tasks), 'firstAt', min(at), 'firstId', (array_agg(id ORDER BY at, id))[1], 'latest', max(at),
             'cost', coalesce(sum(cost * share), 0), 'tokens', coalesce(sum(tokens * share), 0),
             'costUnknown', count(*) FILTER (WHERE cost IS NULL), 'tokensUnknown', count(*) FILTER (WHERE tokens IS NULL),
             'needsPrice', count(*) FILTER (WHERE "needsPrice"), 'estimated', count(*) FILTER (WHERE estimated)) AS cell
      FROM cells
     GROUP BY key, provider, domain
  ), counted AS (
    SELECT key, provider, count(*)::int AS runs FROM run GROUP BY key, provider
  )
  INSERT INTO "ConfigSummary" ("configKey", provider, "datasetId", "groundTruth", "versionId", protocol, "scoringRevision", model, agent, "toolSet",
                               runs, total, domains)
  SELECT n.key, n.provider, k->>0, k->>1, k->>2, k->>3, k->>4, k->>5, k->>6, k->>7, n.runs,
         (SELECT p.cell FROM pooled p WHERE p.key = n.key AND p.provider = n.provider AND p.domain IS NULL),
         coalesce((SELECT jsonb_object_agg(p.domain, p.cell) FROM pooled p WHERE p.key = n.key AND p.provider = n.provider AND p.domain IS NOT NULL), '{}'::jsonb)
    FROM counted n CROSS JOIN LATERAL (SELECT n.key::json AS k) j;
END $$;

-- A run's figures changed: its configuration's summary follows (one lookup when the run is in none).
-- The board's own rebuild stays as migration leaderboard_tallies wrote it, under a new name; callers
-- (its triggers, rebuild-aggregates) keep calling run_board_refresh, resolved by name at each call.
ALTER FUNCTION run_board_refresh(text[]) RENAME TO run_board_rebuild;
CREATE FUNCTION run_board_refresh(ids text[]) RETURNS void LANGUAGE sql AS $$
  SELECT run_board_rebuild(ids);
  SELECT config_summary_refresh(ARRAY(SELECT "configKey" FROM "RunConfigKey" WHERE "runId" = ANY (ids) AND "configKey" IS NOT NULL));
$$;

-- A run that moves between configurations (or into or out of being counted) changes both summaries;
-- a new counted run (a recorded one) joins its configuration's. The delete is summarised after it
-- (config_summary_on_run_delete): before, the run is still there.
CREATE OR REPLACE FUNCTION config_tally_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded text;
  wanted text := NULL;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new run has no verdicts yet: only its key.
    wanted := run_config_key(NEW.status::text, NEW.source, NEW."datasetId", NEW."groundTruth", NEW."versionId", NEW.protocol,
                             NEW."scoringRevision", NEW.model, NEW.agent, NEW."toolSet");
    INSERT INTO "RunConfigKey" ("runId", "configKey") VALUES (NEW.id, wanted);
    PERFORM config_summary_refresh(ARRAY[wanted]);
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
      PERFORM config_summary_refresh(ARRAY[folded, wanted]);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;

-- A counted run's own figures the summary reads (not its key: config_tally_on_run follows that).
CREATE FUNCTION config_summary_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_summary_refresh(ARRAY(SELECT "configKey" FROM "RunConfigKey" WHERE "runId" = NEW.id));
  RETURN NULL;
END $$;

CREATE TRIGGER config_summary_on_run_update
  AFTER UPDATE OF provider, "createdAt", trials, "inputTokens", "outputTokens", "costUsd", "estimatedInputTokens", "estimatedOutputTokens",
                  "estimatedCostUsd", params ON "Run"
  FOR EACH ROW
  WHEN ((OLD.status = 'completed' OR OLD.source = 'imported' OR NEW.status = 'completed' OR NEW.source = 'imported')
        AND (OLD.provider IS DISTINCT FROM NEW.provider OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt" OR OLD.trials IS DISTINCT FROM NEW.trials
             OR OLD."inputTokens" IS DISTINCT FROM NEW."inputTokens" OR OLD."outputTokens" IS DISTINCT FROM NEW."outputTokens"
             OR OLD."costUsd" IS DISTINCT FROM NEW."costUsd" OR OLD."estimatedInputTokens" IS DISTINCT FROM NEW."estimatedInputTokens"
             OR OLD."estimatedOutputTokens" IS DISTINCT FROM NEW."estimatedOutputTokens" OR OLD."estimatedCostUsd" IS DISTINCT FROM NEW."estimatedCostUsd"
             OR (OLD.params->'priceUnknown') IS DISTINCT FROM (NEW.params->'priceUnknown')))
  EXECUTE FUNCTION config_summary_on_run();

CREATE FUNCTION config_summary_on_run_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM config_summary_refresh(ARRAY(
    SELECT run_config_key(o.status::text, o.source, o."datasetId", o."groundTruth", o."versionId", o.protocol, o."scoringRevision", o.model, o.agent, o."toolSet")
      FROM old_rows o));
  RETURN NULL;
END $$;

CREATE TRIGGER config_summary_on_run_delete AFTER DELETE ON "Run"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION config_summary_on_run_delete();

-- Backfill: every configuration's summary from the runs already there (also lib/runs/run-tally.ts's
-- full rebuild).
SELECT config_summary_refresh(ARRAY(SELECT DISTINCT "configKey" FROM "RunConfigKey" WHERE "configKey" IS NOT NULL));
