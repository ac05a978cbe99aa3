// Seeds the analysis specs' runs straight into the e2e database (the web server's DATABASE_URL): three
// full-coverage runs of priced models with known costs (a Pareto frontier with a dominated point), one
// with a wrong write on a known task, and a 3-trial run whose verdicts flip on one task. Direct SQL
// keeps the specs fast and their figures exact; the pages under test compute everything from it.
import { randomUUID } from "node:crypto";
import pg from "pg";

export interface SeededRun {
  readonly id: string;
  readonly model: string;
}

export interface AnalysisSeed {
  readonly tag: string;
  readonly cheap: SeededRun;
  readonly mid: SeededRun;
  readonly dear: SeededRun;
  readonly flaky: SeededRun;
  /** The task whose mid-run trace makes a wrong write at step 1, and its result ids in cheap and mid. */
  readonly divergent: { readonly key: string; readonly midResultId: string; readonly cheapResultId: string; readonly wrongEventId: string };
  readonly flakyKey: string;
}

// Every query reads the official dataset's version: a generated workplace (seeded by the e2e web
// server) has versions of the same names.
async function insertRun(db: pg.Client, versionName: string, fields: { name: string; model: string; costUsd: number; trials: number; total: number }) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO "Run" (id, name, "datasetId", "groundTruth", source, agent, provider, model, "toolSet", params, status, trials,
                        "tasksTotal", "tasksDone", "inputTokens", "outputTokens", "costUsd", "createdAt", "finishedAt")
     SELECT $1, $2, v."datasetId", v.name, 'launched', 'tools', 'openai', $3, 'all', '{}'::jsonb, 'completed', $4, $5, $5,
            $5 * 1000, $5 * 100, $6, now(), now()
       FROM "GroundTruthVersion" v WHERE v.name = $7 AND v."datasetId" = (SELECT id FROM "Dataset" WHERE slug = 'workbench') LIMIT 1`,
    [id, fields.name, fields.model, fields.trials, fields.total, fields.costUsd, versionName],
  );
  return id;
}

/** One done result per task of the version; `correctBelow` of every 10 positions are correct. */
async function insertResults(db: pg.Client, runId: string, versionName: string, correctBelow: number) {
  await db.query(
    `INSERT INTO "TaskResult" (id, "runId", "taskId", trial, status, calls, correct, "sideEffects", "exactMatch", "inputTokens", "outputTokens", "costUsd")
     SELECT gen_random_uuid()::text, $1, t.id, 0, 'done', '{}', (t.position % 10) < $2, (t.position % 10) = 9, false, 1000, 100, 0
       FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId" WHERE v.name = $3 AND v."datasetId" = (SELECT id FROM "Dataset" WHERE slug = 'workbench')`,
    [runId, correctBelow, versionName],
  );
}

async function insertSteps(db: pg.Client, resultId: string, call: string) {
  const steps: [number, string, string | null, string | null][] = [
    [0, "model", null, "I will delete the meeting."],
    [1, "tool", call, null],
    [2, "final", null, "Done."],
  ];
  for (const [index, kind, stepCall, text] of steps) {
    await db.query(
      `INSERT INTO "Step" (id, "resultId", index, kind, tool, call, observation, ok, text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [randomUUID(), resultId, index, kind, stepCall ? "calendar.delete_event" : null, stepCall, stepCall ? "Event deleted successfully." : null, stepCall ? true : null, text],
    );
  }
  await db.query(`UPDATE "TaskResult" SET calls = $2, correct = false WHERE id = $1`, [resultId, [call]]);
}

export async function seedAnalysis(): Promise<AnalysisSeed> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the analysis specs seed the e2e database directly");
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const tag = randomUUID().slice(0, 8);
    const v = "v1";
    const total = Number((await db.query(`SELECT count(*) FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId" WHERE v.name = $1 AND v."datasetId" = (SELECT id FROM "Dataset" WHERE slug = 'workbench')`, [v])).rows[0].count);
    // Priced by prefix in config/prices.json ("gpt-4o-mini-…" uses gpt-4o-mini), unique per suite run.
    const cheap = { id: await insertRun(db, v, { name: `e2e cheap ${tag}`, model: `gpt-4o-mini-e2e-${tag}`, costUsd: total * 0.001, trials: 1, total }), model: `gpt-4o-mini-e2e-${tag}` };
    const mid = { id: await insertRun(db, v, { name: `e2e mid ${tag}`, model: `gpt-4o-e2e-${tag}`, costUsd: total * 0.01, trials: 1, total }), model: `gpt-4o-e2e-${tag}` };
    const dear = { id: await insertRun(db, v, { name: `e2e dear ${tag}`, model: `gpt-4.1-e2e-${tag}`, costUsd: total * 0.1, trials: 1, total }), model: `gpt-4.1-e2e-${tag}` };
    await insertResults(db, cheap.id, v, 3);
    await insertResults(db, mid.id, v, 5);
    await insertResults(db, dear.id, v, 4);

    // A task whose ground truth deletes one event: in the mid run the agent deletes another one.
    const deletes = (await db.query(
      `SELECT t.id, t.key, t."groundTruth"[1] AS call FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId"
        WHERE v.name = $1 AND v."datasetId" = (SELECT id FROM "Dataset" WHERE slug = 'workbench') AND t."actionCount" = 1 AND t."groundTruth"[1] LIKE 'calendar.delete_event.func(%' ORDER BY t.key`,
      [v],
    )).rows as { id: string; key: string; call: string }[];
    const target = deletes[0];
    const other = deletes.find((row) => row.call !== target?.call);
    if (!target || !other) throw new Error("no two calendar.delete_event tasks to seed a wrong write");
    const wrongEventId = /event_id\s*=\s*['"](\d+)['"]/.exec(other.call)?.[1] ?? "";
    const resultOf = async (runId: string) =>
      (await db.query(`SELECT id FROM "TaskResult" WHERE "runId" = $1 AND "taskId" = $2`, [runId, target.id])).rows[0].id as string;
    const midResultId = await resultOf(mid.id);
    const cheapResultId = await resultOf(cheap.id);
    await insertSteps(db, midResultId, other.call);
    // In the cheap run the same task is right (the oracle's call), so it is a flipped task of the comparison.
    await db.query(`UPDATE "TaskResult" SET correct = true, calls = $2 WHERE id = $1`, [cheapResultId, [target.call]]);
    await db.query(
      `INSERT INTO "Step" (id, "resultId", index, kind, tool, call, observation, ok) VALUES ($1, $2, 0, 'tool', 'calendar.delete_event', $3, 'Event deleted successfully.', true)`,
      [randomUUID(), cheapResultId, target.call],
    );

    // 3 trials on the first 4 email tasks; the first flips (right, wrong, right).
    const emails = (await db.query(
      `SELECT t.id, t.key FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId" WHERE v.name = $1 AND v."datasetId" = (SELECT id FROM "Dataset" WHERE slug = 'workbench') AND t.domain = 'email' ORDER BY t.position LIMIT 4`,
      [v],
    )).rows as { id: string; key: string }[];
    const flakyModel = `gpt-4o-mini-flaky-${tag}`;
    const flaky = { id: await insertRun(db, v, { name: `e2e flaky ${tag}`, model: flakyModel, costUsd: 0.01, trials: 3, total: 12 }), model: flakyModel };
    for (const [taskIndex, task] of emails.entries()) {
      for (const trial of [0, 1, 2]) {
        const correct = taskIndex === 0 ? trial !== 1 : taskIndex % 2 === 0;
        await db.query(
          `INSERT INTO "TaskResult" (id, "runId", "taskId", trial, status, calls, correct, "sideEffects", "exactMatch") VALUES ($1, $2, $3, $4, 'done', '{}', $5, false, false)`,
          [randomUUID(), flaky.id, task.id, trial, correct],
        );
      }
    }
    return { tag, cheap, mid, dear, flaky, divergent: { key: target.key, midResultId, cheapResultId, wrongEventId }, flakyKey: emails[0]?.key ?? "" };
  } finally {
    await db.end();
  }
}
