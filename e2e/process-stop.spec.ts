// The product's processes, end to end against the production build (NEXT_DIST_DIR from scripts/test.ts):
// SIGTERM to `npm start` leaves no process of its tree behind (next-server, PostgreSQL included), and
// pages answer 503 "database unavailable, retrying" while PostgreSQL cannot be reached (the API and MCP
// routes a JSON 503 within 2 s); kill -9 of next-server under `npm start` mid-run is repaired by its
// supervisor: pages are back within 15 s, PostgreSQL untouched, and the run (worked by the in-process
// worker, which died with next-server) goes on to complete with every task scored exactly once;
// SIGTERM to `npm start` mid-run leaves none of its server's tasks `running`.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startMockProvider } from "@/lib/mock-provider";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, startEmbeddedPostgres } from "../scripts/db/embedded";
import { findFreePort } from "../scripts/db/free-port";
import { findPostmasterPid, findRunningPostmaster } from "../scripts/db/postmaster";
import { processTree, survivors } from "../scripts/db/process-tree";

test.describe.configure({ mode: "serial", timeout: 240_000 });

/** The figure: the one hard limit here (everything else polls with generous limits). */
const PAGES_BACK_WITHIN_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Started = ReturnType<typeof start>;

function start(command: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _db, WORKBENCH_DATA_DIR: _data, ...inherited } = process.env;
  const child = spawn(command, args, { env: { ...inherited, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-test", ...env } });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
async function stop(started: Started, graceMs = 15_000): Promise<void> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  started.child.kill("SIGTERM");
  await Promise.race([started.exited, sleep(graceMs)]);
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill("SIGKILL");
}

/** Polls `check` until it returns a value (not undefined); fails naming `what` after `timeoutMs`. */
async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

const statusOf = (url: string) => fetch(url).then((response) => response.status, () => 0);

/** The first HTTP status `url` answers with (any status: something listens). */
const waitForStatus = (url: string, timeoutMs: number) => until(`${url} to answer`, timeoutMs, async () => (await statusOf(url)) || undefined);

interface Product extends Started {
  readonly port: number;
  readonly dataDir: string;
  readonly url: (page: string) => string;
}

/** `npm start` on a fresh embedded PostgreSQL in a temporary folder, serving; stopped and removed after `use`. */
async function withNpmStart(use: (product: Product) => Promise<void>): Promise<void> {
  const parent = mkdtempSync(path.join(os.tmpdir(), "npm-start-"));
  chmodSync(parent, 0o755); // the postgres user must traverse it
  const dataDir = path.join(parent, "pg");
  const port = await findFreePort();
  const started = start("npm", ["start"], { PORT: String(port), WORKBENCH_PG_DATA_DIR: dataDir });
  const product = { ...started, port, dataDir, url: (page: string) => `http://127.0.0.1:${port}${page}` };
  try {
    expect(await waitForStatus(product.url("/"), 180_000), product.output()).toBe(200);
    await use(product);
  } finally {
    await stop(started);
    rmSync(parent, { recursive: true, force: true });
  }
}

/** The next-server process among `root`'s descendants (it renames itself "next-server (v…)"). */
function nextServerPid(root: number): number | null {
  for (const pid of processTree(root)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("next-server")) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

test("SIGTERM to `npm start` stops next-server, PostgreSQL and every child within 10 s", async () => {
  await withNpmStart(async (product) => {
    const postmaster = findPostmasterPid(product.dataDir);
    expect(postmaster).not.toBeNull();
    const tree = [...processTree(product.child.pid!), postmaster!];
    expect(tree.length).toBeGreaterThanOrEqual(4); // npm, the supervisor (dist/start.mjs), next-server, postgres...

    const signalled = Date.now();
    product.child.kill("SIGTERM");
    while (survivors(tree).length > 0 && Date.now() - signalled < 10_000) await sleep(200);
    expect(survivors(tree), product.output()).toEqual([]);
  });
});

test("pages answer 503 'database unavailable, retrying' while PostgreSQL is unreachable", async () => {
  const port = await findFreePort();
  const deadDatabase = `postgresql://workbench:workbench@127.0.0.1:${await findFreePort()}/workbench`;
  const server = start(path.join("node_modules", ".bin", "next"), ["start", "--hostname", "127.0.0.1", "--port", String(port)], {
    DATABASE_URL: deadDatabase,
    WORKBENCH_INPROCESS_WORKER: "0",
  });
  try {
    for (const page of ["/", "/runs", "/leaderboard"]) {
      const status = await waitForStatus(`http://127.0.0.1:${port}${page}`, 120_000);
      expect(status, page).toBe(503);
      const response = await fetch(`http://127.0.0.1:${port}${page}`);
      expect(response.headers.get("retry-after")).toBe("3");
      expect(await response.text()).toContain("Database unavailable, retrying");
    }
    // The external-agent API and MCP answer JSON at once (never after the reconnect policy's minute):
    // an agent with a short timeout hears "retry later", not a timeout. Each route is asked once first,
    // so its first compile-free load is not what is timed.
    const api = [`/mcp/session-${Date.now()}`, "/api/runs/run-x/claim", "/api/runs/run-x/finish", "/api/runs/run-x/turns"];
    for (const route of api) {
      await jsonPost(`http://127.0.0.1:${port}${route}`);
      const startedAt = Date.now();
      const response = await jsonPost(`http://127.0.0.1:${port}${route}`);
      const tookMs = Date.now() - startedAt;
      expect(response.status, route).toBe(503);
      expect(response.headers.get("content-type"), route).toContain("application/json");
      expect(response.headers.get("retry-after"), route).toBe("2");
      expect(await response.json(), route).toMatchObject({ retryAfterMs: 2_000 });
      expect(tookMs, route).toBeLessThan(2_000);
    }
  } finally {
    await stop(server, 10_000);
  }
});

/** An agent's POST: a bearer token and a JSON-RPC body (no Origin: agents are not browsers). */
function jsonPost(url: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { authorization: "Bearer wbr_x", "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    signal: AbortSignal.timeout(30_000),
  });
}

// The run: `workbench run --no-worker` only enqueues (and follows the run until it ends), so the tasks are
// worked by next-server's in-process worker alone. The mock answers every request after 1.5 s: 40 tasks
// at concurrency 4 take ~15 s, and next-server is killed with tasks in flight.
const TASKS = 40;
const CONCURRENCY = 4;

interface RunProgress {
  readonly status: string;
  readonly tasksDone: number;
  readonly running: number;
}

async function progressOf(db: pg.Client, runId: string): Promise<RunProgress> {
  const { rows } = await db.query<RunProgress>(
    `SELECT r.status::text AS status, r."tasksDone" AS "tasksDone",
            (SELECT count(*)::int FROM "TaskResult" t WHERE t."runId" = r.id AND t.status = 'running') AS running
       FROM "Run" r WHERE r.id = $1`,
    [runId],
  );
  return rows[0]!;
}

/** The run's counters beside the same figures recomputed from its results, and its steps' numbering. */
async function tallyOf(db: pg.Client, runId: string) {
  const { rows } = await db.query(
    `SELECT r.status::text AS status, r."tasksTotal" AS "tasksTotal", r."tasksDone" AS "tasksDone", r."correctCount" AS "correctCount",
            (SELECT count(*)::int FROM "TaskResult" t WHERE t."runId" = r.id) AS results,
            (SELECT count(*)::int FROM "TaskResult" t WHERE t."runId" = r.id AND t.status = 'done' AND t."finishedAt" IS NOT NULL) AS "resultsDone",
            (SELECT count(DISTINCT (t."taskId", t.trial))::int FROM "TaskResult" t WHERE t."runId" = r.id) AS "distinctTasks",
            (SELECT count(*)::int FROM "TaskResult" t WHERE t."runId" = r.id AND t.correct) AS "resultsCorrect",
            (SELECT count(*)::int FROM (
               SELECT s."resultId" FROM "Step" s JOIN "TaskResult" t ON t.id = s."resultId" WHERE t."runId" = r.id
                GROUP BY s."resultId" HAVING min(s.index) <> 0 OR max(s.index) <> count(*) - 1) gaps) AS "stepGaps",
            (SELECT count(*)::int FROM "TaskResult" t WHERE t."runId" = r.id
                AND NOT EXISTS (SELECT 1 FROM "Step" s WHERE s."resultId" = t.id AND s.kind = 'final')) AS "withoutFinalStep"
       FROM "Run" r WHERE r.id = $1`,
    [runId],
  );
  return rows[0] as Record<string, unknown>;
}

/** A client of `npm start`'s embedded PostgreSQL, and its URL. */
async function connectToProduct(product: Product): Promise<{ db: pg.Client; databaseUrl: string }> {
  const running = findRunningPostmaster(product.dataDir);
  expect(running, product.output()).not.toBeNull();
  const databaseUrl = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${running!.port}/workbench`;
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on("error", () => undefined); // the database stops with `npm start` in some tests
  await db.connect();
  return { db, databaseUrl };
}

/**
 * `workbench run --no-worker` of TASKS tasks on the mock (whatever `npm start` imported on first open:
 * the official files, or a generated workplace offline), followed until some tasks are done and others
 * in flight in next-server's worker.
 */
async function launchRunMidway(db: pg.Client, databaseUrl: string, mockUrl: string, name: string): Promise<{ cli: Started; runId: string }> {
  const { rows } = await db.query<{ slug: string; version: string }>(
    `SELECT d.slug, v.name AS version FROM "Dataset" d JOIN "GroundTruthVersion" v ON v."datasetId" = d.id ORDER BY v.name LIMIT 1`,
  );
  const { slug, version } = rows[0]!;
  const cliArgs = ["dist/workbench.mjs", "run", "--no-worker", "--agent", "react", "--endpoint", "mock", "--base-url", mockUrl, "--model", "noop"];
  const runArgs = ["--dataset", slug, "--gt", version, "--limit", String(TASKS), "--concurrency", String(CONCURRENCY), "--name", name];
  const cli = start(process.execPath, [...cliArgs, ...runArgs], { DATABASE_URL: databaseUrl });
  const runId = await until("the CLI to queue the run", 60_000, async () => /Run (\S+): \d+ task\(s\) queued/.exec(cli.output())?.[1]);
  await until("the run to be mid-way", 120_000, async () => {
    const progress = await progressOf(db, runId);
    return progress.tasksDone >= CONCURRENCY && progress.running > 0 ? progress : undefined;
  });
  return { cli, runId };
}

interface Midway {
  readonly product: Product;
  readonly db: pg.Client;
  readonly cli: Started;
  readonly runId: string;
}

/** `npm start` with a run of the mock (1.5 s a request) mid-way; everything stopped after `use`. */
async function withRunMidway(name: string, use: (midway: Midway) => Promise<void>): Promise<void> {
  const mock = await startMockProvider({ behaviour: "noop", latencyMs: 1_500 });
  try {
    await withNpmStart(async (product) => {
      const { db, databaseUrl } = await connectToProduct(product);
      let cli: Started | undefined;
      try {
        const started = await launchRunMidway(db, databaseUrl, mock.url, name);
        cli = started.cli;
        await use({ product, db, ...started });
      } finally {
        if (cli) await stop(cli, 10_000);
        await db.end().catch(() => undefined);
      }
    });
  } finally {
    await mock.close();
  }
}

test("kill -9 of next-server under `npm start` mid-run: pages are back within 15 s and the run completes, each task scored once", async () => {
  test.setTimeout(480_000);
  await withRunMidway("e2e kill -9 next-server", async ({ product, db, cli, runId }) => {
    const postmaster = findPostmasterPid(product.dataDir);
    const server = nextServerPid(product.child.pid!);
    expect(server, product.output()).not.toBeNull();
    process.kill(server!, "SIGKILL");
    const killedAt = Date.now();
    // What the dead worker held, once PostgreSQL has ended its connections (a commit already sent
    // lands first); nothing else changes them before a new server starts, a second or more later.
    await sleep(500);
    const { rows: held } = await db.query<{ id: string }>(`SELECT id FROM "TaskResult" WHERE "runId" = $1 AND status = 'running'`, [runId]);
    const doneAtKill = (await progressOf(db, runId)).tasksDone;
    expect(held.length).toBeGreaterThan(0);
    expect(doneAtKill).toBeLessThan(TASKS);

    // Down first (nothing listens), then back: a new next-server answers the pages again.
    let status = 0;
    while (Date.now() - killedAt < PAGES_BACK_WITHIN_MS) {
      const replacement = nextServerPid(product.child.pid!);
      status = replacement !== null && replacement !== server ? await statusOf(product.url("/runs")) : 0;
      if (status === 200) break;
      await sleep(250);
    }
    expect(status, product.output()).toBe(200);
    const backAfterMs = Date.now() - killedAt;
    expect(backAfterMs).toBeLessThan(PAGES_BACK_WITHIN_MS);
    expect(product.output()).toContain("restarting it in 1 s (PostgreSQL stays up)");
    expect(findPostmasterPid(product.dataDir)).toBe(postmaster); // the same PostgreSQL all along

    // The new server's worker takes back what the dead one held at its start, not after the stale limit...
    await until("the restarted server to take back the dead worker's tasks", 60_000, async () =>
      product.output().includes(`took back ${held.length} task(s) held by the crashed process ${server}`) || undefined,
    );
    // ...and the run goes on: more tasks done, then completed.
    await until("the run to progress after the restart", 120_000, async () => ((await progressOf(db, runId)).tasksDone > doneAtKill ? true : undefined));
    await until("the run to complete", 240_000, async () => ((await progressOf(db, runId)).status === "completed" ? true : undefined), 1_000);
    console.log(`kill -9 at ${doneAtKill}/${TASKS} tasks done, ${held.length} in flight; pages back after ${backAfterMs} ms; run completed ${Date.now() - killedAt} ms after the kill`);

    // Scored exactly once: every counter of the run equals its recomputation from the results (a
    // verdict written twice would count twice), one result per task, none left running, steps 0..n-1.
    const tally = await tallyOf(db, runId);
    expect(tally).toMatchObject({ status: "completed", tasksTotal: TASKS, tasksDone: TASKS, results: TASKS, resultsDone: TASKS, distinctTasks: TASKS, stepGaps: 0, withoutFinalStep: 0 });
    expect(tally.correctCount).toBe(tally.resultsCorrect);
    // The tasks the killed server held were run again, once: a second attempt, no third.
    const { rows: attempts } = await db.query<{ attempt: number; status: string }>(`SELECT attempt, status FROM "TaskResult" WHERE id = ANY($1::text[])`, [held.map((row) => row.id)]);
    expect(attempts).toEqual(held.map(() => ({ attempt: 2, status: "done" })));

    expect(await statusOf(product.url(`/runs/${runId}`))).toBe(200);
    // The CLI that launched it followed it to the end.
    expect(await Promise.race([cli.exited, sleep(60_000).then(() => "still running")]), cli.output()).toBe(0);
    expect(product.child.exitCode).toBeNull(); // npm start still serving
  });
});

test("SIGTERM to `npm start` mid-run: no task of the stopped server stays `running`", async () => {
  test.setTimeout(480_000);
  await withRunMidway("e2e SIGTERM npm start", async ({ product, runId }) => {
    const server = nextServerPid(product.child.pid!);
    expect(server, product.output()).not.toBeNull();
    product.child.kill("SIGTERM");
    expect(await Promise.race([product.exited.then(() => "exited"), sleep(30_000).then(() => "still running")]), product.output()).toBe("exited");

    // PostgreSQL stopped with `npm start`: opened again on its data folder to look.
    const embedded = await startEmbeddedPostgres({ dataDir: product.dataDir });
    const after = new pg.Client({ connectionString: `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${embedded.port}/workbench` });
    try {
      await after.connect();
      const { rows } = await after.query<{ running: number; workers: number; done: number }>(
        `SELECT (SELECT count(*)::int FROM "TaskResult" WHERE "runId" = $1 AND status = 'running') AS running,
                (SELECT count(*)::int FROM "Worker" WHERE pid = $2) AS workers,
                (SELECT count(*)::int FROM "TaskResult" WHERE "runId" = $1 AND status = 'done') AS done`,
        [runId, server],
      );
      console.log(`SIGTERM at ${rows[0]!.done}/${TASKS} tasks done; ${product.output().match(/handed back \d+ task\(s\)[^\n]*/g)?.join("; ") ?? "no hand-back logged"}`);
      expect(rows[0], product.output()).toMatchObject({ running: 0, workers: 0 });
      expect(rows[0]!.done).toBeLessThan(TASKS); // stopped mid-run: the rest wait, pending, for the next start
    } finally {
      await after.end().catch(() => undefined);
      await embedded.stop();
    }
  });
});
