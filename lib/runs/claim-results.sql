-- workbench_claim_results: THE claim. Workers (lib/runs/claim.ts claimResults) and external agents
-- (lib/external-runs/claim.ts claimNextTask: pull mode and push mode) take pending results through this one
-- function, so every claimer counts a run's concurrency the same way. The database gets it from a
-- migration; claim-sql.test.ts checks that the latest migration defining it matches this text, so a
-- change here needs a migration (DROP FUNCTION + this CREATE) to take effect.
--
-- One call takes up to p_max pending results of active runs (or of p_run only) for p_worker. Each run
-- is handled under a per-run advisory lock, and its running results are counted after the lock is taken
-- (plpgsql takes a fresh snapshot per statement), so claimers in any number of processes and machines
-- never exceed the run's concurrency. A worker with a live Worker row also keeps to its fair share of the
-- run (concurrency weighted by its slots among live workers), except for room the other live workers
-- could not take anyway; another claimer id (an external agent) has no share. Locks are taken in
-- (createdAt, id) order, so concurrent claimers cannot deadlock. p_settling: results of this worker whose
-- agent is done (their verdict still being written); marked (agentDoneAt) in this same statement, they
-- take no place any more. A run's results are taken in their queue order ("queuePosition", set at launch).
CREATE FUNCTION workbench_claim_results(p_worker text, p_max int, p_run text, p_live_ms int, p_settling text[])
RETURNS TABLE (id text, "runId" text, "taskKey" text, trial int, attempt int, calls text[])
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  run_row record;
  live_since timestamp := now() - p_live_ms * interval '1 millisecond';
  my_slots int;
  live_slots bigint;
  running int;
  mine int;
  room int;
  others_room bigint;
  others_need bigint;
  my_share numeric;
  take int;
  got int;
  claimed int := 0;
BEGIN
  IF cardinality(p_settling) > 0 THEN
    UPDATE "TaskResult" t SET "agentDoneAt" = now()
     WHERE t.id = ANY(p_settling) AND t."workerId" = p_worker AND t.status = 'running' AND t."agentDoneAt" IS NULL;
  END IF;
  SELECT w.slots INTO my_slots FROM "Worker" w WHERE w.id = p_worker AND w."heartbeatAt" > live_since;
  SELECT coalesce(sum(w.slots), 0) INTO live_slots FROM "Worker" w WHERE w."heartbeatAt" > live_since;
  FOR run_row IN
    SELECT r.id, r.concurrency, r.status::text AS status FROM "Run" r
     WHERE r.status IN ('queued', 'running')
       -- External runs' results are taken by their agents (lib/mcp), never by a worker polling every run.
       AND (r.id = p_run OR (p_run IS NULL AND r.agent <> 'external'))
       AND EXISTS (SELECT 1 FROM "TaskResult" t WHERE t."runId" = r.id AND t.status = 'pending')
     ORDER BY r."createdAt", r.id
  LOOP
    EXIT WHEN claimed >= p_max;
    PERFORM pg_advisory_xact_lock(hashtextextended('workbench-run:' || run_row.id, 0));
    SELECT count(*), count(*) FILTER (WHERE t."workerId" = p_worker) INTO running, mine
      FROM "TaskResult" t WHERE t."runId" = run_row.id AND t.status = 'running' AND t."agentDoneAt" IS NULL;
    room := run_row.concurrency - running;
    CONTINUE WHEN room <= 0;
    take := least(room, p_max - claimed);
    IF my_slots IS NOT NULL AND live_slots > my_slots THEN
      -- Room the other live workers could still take here, each within its free slots: up to the whole
      -- of its share rounded up (others_room), and up to its share rounded down (others_need).
      SELECT coalesce(sum(least(greatest(o.slots - o.busy, 0), greatest(ceil(run_row.concurrency::numeric * o.slots / live_slots) - o.here, 0))), 0),
             coalesce(sum(least(greatest(o.slots - o.busy, 0), greatest(floor(run_row.concurrency::numeric * o.slots / live_slots) - o.here, 0))), 0)
        INTO others_room, others_need
        FROM (SELECT w.slots,
                     (SELECT count(*) FROM "TaskResult" t WHERE t."workerId" = w.id AND t.status = 'running' AND t."agentDoneAt" IS NULL) AS busy,
                     (SELECT count(*) FROM "TaskResult" t WHERE t."workerId" = w.id AND t.status = 'running' AND t."agentDoneAt" IS NULL AND t."runId" = run_row.id) AS here
                FROM "Worker" w WHERE w.id <> p_worker AND w."heartbeatAt" > live_since) o;
      -- A share rounded down is this worker's own; the place that rounding up adds only when no other
      -- worker below its own share rounded down could use it (so a worker that came last to a run is
      -- not kept below its share by the others refilling theirs); beyond that, only room nobody else can take.
      my_share := run_row.concurrency::numeric * my_slots / live_slots;
      take := least(take, greatest(floor(my_share)::int - mine, least(ceil(my_share)::int - mine, room - others_need), room - others_room));
    END IF;
    CONTINUE WHEN take <= 0;
    RETURN QUERY
      WITH picked AS (
        SELECT t.id FROM "TaskResult" t WHERE t."runId" = run_row.id AND t.status = 'pending'
         ORDER BY t."queuePosition" NULLS LAST, t.id
         LIMIT take FOR UPDATE SKIP LOCKED
      ), updated AS (
        UPDATE "TaskResult" t
           SET status = 'running', attempt = t.attempt + 1, "startedAt" = now(), "agentDoneAt" = NULL, "finishedAt" = NULL, "workerId" = p_worker
          FROM picked WHERE t.id = picked.id
        RETURNING t.id, t."runId", t."taskId", t.trial, t.attempt, t.calls
      )
      SELECT u.id, u."runId", k.key, u.trial, u.attempt, u.calls FROM updated u JOIN "Task" k ON k.id = u."taskId";
    GET DIAGNOSTICS got = ROW_COUNT;
    claimed := claimed + got;
    -- Only a queued run is touched: the Run row is locked by every finishing result's counter update.
    IF got > 0 AND run_row.status = 'queued' THEN
      UPDATE "Run" r SET status = 'running', "startedAt" = now() WHERE r.id = run_row.id AND r.status = 'queued';
    END IF;
  END LOOP;
END $$;
