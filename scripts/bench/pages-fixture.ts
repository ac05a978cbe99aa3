// The databases of the pages benchmark, on one PostgreSQL server: "many" holds 1,000 runs × 690
// results, the first 100 with their steps (the 8 recorded runs of the paper, imported, then copied in SQL by
// INSERT … SELECT over generate_series, a statement per table), spread over 64 configurations (each
// copy gets one of 8 model variants: 8 originals × 8 variants) so the configuration leaderboard has
// many rows of many runs each; "one" holds a single run. The same run, result and task ids exist in
// both, so the same URLs are measured.
import pg from "pg";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { DATA_DIR } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { configKey, configKeyParam } from "@/lib/metrics/config-leaderboard";
import { poolConfigFromUrl, withDatabase } from "../db/connection";
import type { BenchServer } from "./bench-database";
import path from "node:path";

/** Runs in the "many" database. */
export const MANY_RUNS = 1_000;
/** Model variants of the copies: with the 8 recorded model × tool set runs, 8 × 8 = 64 configurations. */
const MODEL_VARIANTS = 8;

export interface PagesFixture {
  readonly oneUrl: string;
  readonly manyUrl: string;
  /** Database names (to find their PostgreSQL backends). */
  /** One run per configuration of "many" (64 runs): the baseline that isolates the number of runs. */
  readonly configsUrl: string;
  readonly oneDatabase: string;
  readonly manyDatabase: string;
  readonly configsDatabase: string;
  /** The run present in both databases, another run (only in "many"), a result with a long trace, a task. */
  readonly runId: string;
  readonly otherRunId: string;
  readonly resultId: string;
  readonly taskId: string;
  /** The URL parameter of that run's configuration (/leaderboard/configurations/<param>). */
  readonly configParam: string;
  readonly counts: { runs: number; results: number; steps: number; configurations: number };
}

const MANY_DATABASE = "bench_pages_many";
const ONE_DATABASE = "bench_pages_one";
const CONFIGS_DATABASE = "bench_pages_configs";
/** Runs of the "configs" database: one per configuration. */
export const CONFIG_RUNS = 8 * MODEL_VARIANTS;
/** Runs whose copies carry their steps (the originals included). */
const STEP_RUNS = 100;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(poolConfigFromUrl(url));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The columns of a table but `replaced`, which get the given SQL expressions (column lists stay right as the schema grows). */
async function copySelect(client: pg.Client, table: string, alias: string, replaced: Record<string, string>): Promise<{ columns: string; select: string }> {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  const names = rows.map((row) => row.column_name);
  return {
    columns: names.map((name) => `"${name}"`).join(", "),
    select: names.map((name) => replaced[name] ?? `${alias}."${name}"`).join(", "),
  };
}

/**
 * Copies the recorded runs round-robin until there are `target` runs; copies are newer than the
 * originals, and each round of copies (one per original) runs the next model variant ("gpt-4 v3";
 * variant 0 keeps the model), so configurations are many and each pools several runs.
 */
export async function copyRuns(url: string, target: number): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number; copied: number }>(`SELECT count(*)::int AS n, (count(*) FILTER (WHERE id LIKE 'copy%'))::int AS copied FROM "Run"`);
    const copies = target - (rows[0]?.n ?? 0);
    if (copies <= 0) return;
    // Copy numbers go on from the copies already made (a second call adds to the first's).
    const first = (rows[0]?.copied ?? 0) + 1;
    // The originals only: each INSERT below re-evaluates this, after the previous one added copies.
    const source = `(SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k, count(*) OVER ()::int AS m FROM "Run" WHERE id NOT LIKE 'copy%')`;
    const copy = `(SELECT g, s.id AS src, s.m FROM generate_series(${first}, ${first + copies - 1}) g JOIN ${source} s ON s.k = (g - 1) % s.m)`;
    const run = await copySelect(client, "Run", "r", {
      id: `'copy' || c.g || '-' || r.id`,
      name: `r.name || ' #' || c.g`,
      // Round-robin over the originals, then the next variant: (g - 1) / m picks the round.
      model: `CASE WHEN ((c.g - 1) / c.m) % ${MODEL_VARIANTS} = 0 THEN r.model ELSE r.model || ' v' || (((c.g - 1) / c.m) % ${MODEL_VARIANTS}) END`,
      createdAt: `r."createdAt" + c.g * interval '1 minute'`,
    });
    const result = await copySelect(client, "TaskResult", "t", { id: `'c' || c.g || '-' || t.id`, runId: `'copy' || c.g || '-' || t."runId"` });
    const step = await copySelect(client, "Step", "s", { id: `'c' || c.g || '-' || s.id`, resultId: `'c' || c.g || '-' || s."resultId"` });
    await client.query("BEGIN");
    await client.query(`INSERT INTO "Run" (${run.columns}) SELECT ${run.select} FROM ${copy} c JOIN "Run" r ON r.id = c.src`);
    await client.query(`INSERT INTO "TaskResult" (${result.columns}) SELECT ${result.select} FROM ${copy} c JOIN "TaskResult" t ON t."runId" = c.src`);
    // Steps only up to STEP_RUNS runs: a page reads the steps of one result, never across runs, and
    // millions of step rows would take most of the build's time.
    await client.query(
      `INSERT INTO "Step" (${step.columns}) SELECT ${step.select} FROM ${copy} c JOIN "TaskResult" t ON t."runId" = c.src JOIN "Step" s ON s."resultId" = t.id
        WHERE c.g <= ${STEP_RUNS} - c.m`,
    );
    await client.query("COMMIT");
  });
}

export async function buildPagesFixture(server: BenchServer, log: (line: string) => void): Promise<PagesFixture> {
  const manyUrl = await server.urlFor(MANY_DATABASE);
  const db = createPrismaClient(manyUrl);
  try {
    await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
    const imported = await importRecordedResults(db, { resultsPath: path.join(DATA_DIR, "v1/data/results"), groundTruth: "v1" });
    log(`imported ${imported.length} recorded runs`);
  } finally {
    await db.$disconnect();
  }
  const picked = await withClient(manyUrl, async (client) => {
    const run = await client.query<{ id: string }>(`SELECT id FROM "Run" WHERE name LIKE 'gpt-4 · all%' ORDER BY id LIMIT 1`);
    const other = await client.query<{ id: string }>(`SELECT id FROM "Run" WHERE name LIKE 'claude-2 · all%' ORDER BY id LIMIT 1`);
    const runId = run.rows[0]?.id ?? "";
    const longest = await client.query<{ id: string; taskId: string }>(
      `SELECT r.id, r."taskId" FROM "TaskResult" r JOIN "Step" s ON s."resultId" = r.id WHERE r."runId" = $1
        GROUP BY r.id ORDER BY count(*) DESC, r.id LIMIT 1`,
      [runId],
    );
    const config = await client.query<{ dataset: string; groundTruth: string; versionRevision: number | null; protocol: string; revision: string | null; model: string | null; agent: string; toolSet: string }>(
      `SELECT d.slug AS dataset, r."groundTruth", v.revision AS "versionRevision", r.protocol, r."scoringRevision" AS revision, r.model, r.agent, r."toolSet"
         FROM "Run" r JOIN "Dataset" d ON d.id = r."datasetId" LEFT JOIN "GroundTruthVersion" v ON v.id = r."versionId" WHERE r.id = $1`,
      [runId],
    );
    const configParam = config.rows[0] ? configKeyParam(configKey(config.rows[0])) : "";
    return { runId, otherRunId: other.rows[0]?.id ?? "", resultId: longest.rows[0]?.id ?? "", taskId: longest.rows[0]?.taskId ?? "", configParam };
  });
  if (!picked.runId || !picked.otherRunId || !picked.resultId) throw new Error("pages bench: the recorded runs were not imported");

  // "one": a copy of the database as imported, keeping one run (CREATE DATABASE … TEMPLATE needs no other session on it).
  const oneUrl = withDatabase(manyUrl, ONE_DATABASE);
  await withClient(withDatabase(manyUrl, "postgres"), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${ONE_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${ONE_DATABASE} TEMPLATE ${MANY_DATABASE}`);
  });
  await withClient(oneUrl, (client) => client.query(`DELETE FROM "Run" WHERE id <> $1`, [picked.runId]));
  const started = performance.now();
  // One run per configuration first (the 8 originals and one copy of each in each other variant): the
  // "configs" database, the fair baseline of the configuration pages (same rows, 1 run each).
  await copyRuns(manyUrl, CONFIG_RUNS);
  const configsUrl = withDatabase(manyUrl, CONFIGS_DATABASE);
  await withClient(withDatabase(manyUrl, "postgres"), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${CONFIGS_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${CONFIGS_DATABASE} TEMPLATE ${MANY_DATABASE}`);
  });
  await copyRuns(manyUrl, MANY_RUNS);
  log(`copied runs up to ${MANY_RUNS} in SQL in ${((performance.now() - started) / 1000).toFixed(1)} s (target: under 300 s)`);
  for (const url of [oneUrl, configsUrl, manyUrl]) await withClient(url, (client) => client.query("VACUUM ANALYZE"));
  const counts = await withClient(manyUrl, async (client) => {
    const { rows } = await client.query<{ runs: number; results: number; steps: number; configurations: number }>(
      `SELECT (SELECT count(*) FROM "Run")::int AS runs, (SELECT count(*) FROM "TaskResult")::int AS results, (SELECT count(*) FROM "Step")::int AS steps,
              (SELECT count(DISTINCT "configKey") FROM "RunConfigKey")::int AS configurations`,
    );
    return rows[0] ?? { runs: 0, results: 0, steps: 0, configurations: 0 };
  });
  return { oneUrl, manyUrl, configsUrl, oneDatabase: ONE_DATABASE, manyDatabase: MANY_DATABASE, configsDatabase: CONFIGS_DATABASE, ...picked, counts };
}
