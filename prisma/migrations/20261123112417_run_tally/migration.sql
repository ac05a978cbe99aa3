-- CreateTable
CREATE TABLE "RunTally" (
    "runId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "actionCount" INTEGER NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "correct" INTEGER NOT NULL DEFAULT 0,
    "sideEffects" INTEGER NOT NULL DEFAULT 0,
    "exactMatch" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RunTally_pkey" PRIMARY KEY ("runId","domain","actionCount")
);

-- CreateIndex
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");

-- CreateIndex
CREATE INDEX "TaskResult_taskId_status_idx" ON "TaskResult"("taskId", "status");

-- AddForeignKey
ALTER TABLE "RunTally" ADD CONSTRAINT "RunTally_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- RunTally is maintained on write: statement-level triggers fold the done rows a statement writes
-- (and subtract the done rows it overwrote or deleted) into the run's per (domain, action count) counts,
-- inside the writing transaction. One statement of a bulk import costs one grouped INSERT.
CREATE FUNCTION run_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "RunTally" t
       SET n = t.n - d.n, correct = t.correct - d.correct, "sideEffects" = t."sideEffects" - d."sideEffects",
           "exactMatch" = t."exactMatch" - d."exactMatch", errors = t.errors - d.errors
      FROM (SELECT o."runId", k.domain, k."actionCount", count(*)::int AS n,
                   (count(*) FILTER (WHERE o.correct))::int AS correct,
                   (count(*) FILTER (WHERE o."sideEffects"))::int AS "sideEffects",
                   (count(*) FILTER (WHERE o."exactMatch"))::int AS "exactMatch",
                   (count(*) FILTER (WHERE o.error IS NOT NULL))::int AS errors
              FROM old_rows o JOIN "Task" k ON k.id = o."taskId"
             WHERE o.status = 'done'
             GROUP BY 1, 2, 3) d
     WHERE t."runId" = d."runId" AND t.domain = d.domain AND t."actionCount" = d."actionCount";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors)
    SELECT r."runId", k.domain, k."actionCount", count(*)::int,
           (count(*) FILTER (WHERE r.correct))::int, (count(*) FILTER (WHERE r."sideEffects"))::int,
           (count(*) FILTER (WHERE r."exactMatch"))::int, (count(*) FILTER (WHERE r.error IS NOT NULL))::int
      FROM new_rows r JOIN "Task" k ON k.id = r."taskId"
     WHERE r.status = 'done'
     GROUP BY 1, 2, 3
    ON CONFLICT ("runId", domain, "actionCount") DO UPDATE
       SET n = "RunTally".n + EXCLUDED.n, correct = "RunTally".correct + EXCLUDED.correct,
           "sideEffects" = "RunTally"."sideEffects" + EXCLUDED."sideEffects",
           "exactMatch" = "RunTally"."exactMatch" + EXCLUDED."exactMatch", errors = "RunTally".errors + EXCLUDED.errors;
  END IF;
  RETURN NULL;
END $$;

-- A trigger with transition tables serves one event, hence three.
CREATE TRIGGER run_tally_on_insert AFTER INSERT ON "TaskResult"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_tally_apply();
CREATE TRIGGER run_tally_on_update AFTER UPDATE ON "TaskResult"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION run_tally_apply();
CREATE TRIGGER run_tally_on_delete AFTER DELETE ON "TaskResult"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION run_tally_apply();

-- Runs that existed before this migration.
INSERT INTO "RunTally" ("runId", domain, "actionCount", n, correct, "sideEffects", "exactMatch", errors)
SELECT r."runId", k.domain, k."actionCount", count(*)::int,
       (count(*) FILTER (WHERE r.correct))::int, (count(*) FILTER (WHERE r."sideEffects"))::int,
       (count(*) FILTER (WHERE r."exactMatch"))::int, (count(*) FILTER (WHERE r.error IS NOT NULL))::int
  FROM "TaskResult" r JOIN "Task" k ON k.id = r."taskId"
 WHERE r.status = 'done'
 GROUP BY 1, 2, 3;
