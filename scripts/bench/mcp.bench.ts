// MCP benchmark (scripts/bench.ts runs every *.bench.ts):
// (1) overhead per tools/call of serving a session through the real web server: a raw JSON-RPC client
//     (node:http, one keep-alive socket, no SDK) POSTs to /mcp/<session> of `next start` (production
//     build, its own database), interleaved call by call with the same tool call made in-process
//     through the same pipeline the route runs (lock, session check, execution, step and call writes).
//     Overhead = route − in-process, in wall time and in CPU (the Next server's processes from /proc,
//     plus the PostgreSQL backends serving each side, told apart by application_name).
// (2) the time for an oracle external run of all 690 v1 tasks: the reference agent as 3 processes, the
//     mock model, pull mode (on a bare Node host; MCP_BENCH_ORACLE=0 skips it).
import { Agent, request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import { DATA_DIR, waitForRun } from "@/lib/test-support/db";
import { launchRun } from "@/lib/runs/launch";
import { createSqlPool, type Sql } from "@/lib/runs/sql";
import { startMockProvider } from "@/lib/mock-provider";
import { claimNextTask } from "@/lib/external-runs/claim";
import type { McpDeps } from "@/lib/external-runs/deps";
import { hostExternalApi } from "@/lib/external-runs/node-host";
import { serveToolCall } from "@/lib/external-runs/tool-call-request";
import { runAgentProcess } from "@/lib/test-support/external-runs";
import { startBenchServer } from "./bench-database";
import { ensureBenchBuild, startBenchNextServer } from "./next-server";
import { machineLoad } from "./process-usage";

const CALLS = 300; // per side; a session may make 500 (MAX_CALLS_PER_SESSION)
const WARM_UP = 30;
const TARGET_OVERHEAD_MS = 3;
const TOOL = { name: "company_directory__find_email_address", arguments: { name: "Nadia" } };
const TICK_MS = 10; // USER_HZ = 100 on Linux
const APP = { route: "bench-mcp-route", inProcess: "bench-mcp-inprocess" };

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("application_name", name);
  return parsed.toString();
}

async function claimed(deps: McpDeps, runId: string) {
  const outcome = await claimNextTask(deps, runId);
  if (outcome.kind !== "task") throw new Error(`bench: no task to claim (${outcome.kind})`);
  return outcome.session;
}

/** CPU ms of one process so far (utime + stime), 0 when it is gone or not readable. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
    return ((fields[11] ?? 0) + (fields[12] ?? 0)) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends of the connections named `application`, with their CPU so far. */
async function backendCpu(sql: Sql, application: string): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [application]);
  return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
}

function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

/** A raw JSON-RPC client over one keep-alive socket: what an agent not built on the SDK sends. */
function rawClient(url: string, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  let id = 0;
  const send = (method: "POST" | "GET", body?: unknown): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? "" : JSON.stringify(body);
      const req = httpRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            accept: "application/json, text/event-stream",
            authorization: `Bearer ${token}`,
            "mcp-protocol-version": "2025-06-18",
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  const post = (body: unknown) => send("POST", body);
  return {
    async initialize() {
      const answer = await post({ jsonrpc: "2.0", id: ++id, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } } });
      if (answer.status !== 200) throw new Error(`bench: initialize answered ${answer.status}: ${answer.text}`);
      await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    },
    async callTool(): Promise<void> {
      const answer = await post({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: TOOL });
      const reply = JSON.parse(answer.text) as { result?: { isError: boolean } };
      if (answer.status !== 200 || reply.result?.isError !== false) throw new Error(`bench: tools/call answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    },
    /** The same route answering without the database or JSON-RPC (GET: 405): what Next's handling alone costs. */
    async floor(): Promise<void> {
      const answer = await send("GET");
      if (answer.status !== 405) throw new Error(`bench: GET answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    },
    close: () => agent.destroy(),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
/** The 10th percentile: on a loaded machine, the calls that waited least for a CPU (closest to idle). */
const p10 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 10)] ?? Number.NaN;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const ms = (value: number) => `${value.toFixed(2).padStart(6)} ms`;

export async function run(): Promise<void> {
  await ensureBenchBuild((line) => console.log(`  ${line}`));
  const database = await startBenchServer();
  const db = createPrismaClient(database.url);
  const sql = createSqlPool(withApplicationName(database.url, APP.inProcess), { max: 4 });
  try {
    await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
    const deps: McpDeps = { db, sql };
    await overheadThroughNext(deps, database.url);
    if (process.env.MCP_BENCH_ORACLE !== "0") await oracleExternalRun(deps);
  } finally {
    await sql.end();
    await db.$disconnect();
    await database.stop();
  }
}

async function overheadThroughNext(deps: McpDeps, databaseUrl: string): Promise<void> {
  const { db, sql } = deps;
  const next = await startBenchNextServer(withApplicationName(databaseUrl, APP.route));
  try {
    console.log(`mcp: overhead per tools/call through \`next start\` (raw JSON-RPC over one keep-alive socket) vs the same call in-process, ${CALLS} of each interleaved; ${machineLoad()}`);
    const { runId } = await launchRun({ agent: "external", limit: 2, concurrency: 2, timeoutMs: 3_600_000 }, { db });
    // Two sessions of one run, same tools, same sandbox data, same call: each side keeps its own session
    // so neither process has to rebuild its sandbox copy after the other's call.
    const overRoute = await claimed(deps, runId);
    const inProcess = await claimed(deps, runId);
    const client = rawClient(`${next.url}/mcp/${overRoute.sessionId}`, overRoute.token);
    await client.initialize();
    const direct = () => serveToolCall(deps, inProcess.sessionId, inProcess.token, TOOL.name, TOOL.arguments);
    for (let warm = 0; warm < WARM_UP; warm++) {
      await client.callTool();
      await direct();
    }

    const wall = { route: [] as number[], inProcess: [] as number[] };
    let clientCpuUs = 0;
    let inProcessCpuUs = 0;
    const nextCpuBefore = next.cpuMs();
    const pgBefore = { route: await backendCpu(sql, APP.route), inProcess: await backendCpu(sql, APP.inProcess) };
    for (let call = 0; call < CALLS; call++) {
      // A then B, B then A on alternate rounds: neither side always runs right after the other.
      const sides = call % 2 === 0 ? (["route", "inProcess"] as const) : (["inProcess", "route"] as const);
      for (const side of sides) {
        const cpu = process.cpuUsage();
        const started = performance.now();
        await (side === "route" ? client.callTool() : direct());
        wall[side].push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        if (side === "route") clientCpuUs += used.user + used.system;
        else inProcessCpuUs += used.user + used.system;
      }
    }
    const nextCpu = (next.cpuMs() - nextCpuBefore) / CALLS;
    const pgAfter = { route: await backendCpu(sql, APP.route), inProcess: await backendCpu(sql, APP.inProcess) };
    const pg = { route: backendCpuSince(pgBefore.route, pgAfter.route) / CALLS, inProcess: backendCpuSince(pgBefore.inProcess, pgAfter.inProcess) / CALLS };
    const pgKnown = pgAfter.route.size > 0 && pgAfter.inProcess.size > 0;
    // Next's own share: the same route, same socket, answering GET with 405 (no database, no JSON-RPC).
    const floorWall: number[] = [];
    const floorCpuBefore = next.cpuMs();
    for (let call = 0; call < CALLS; call++) {
      const started = performance.now();
      await client.floor();
      floorWall.push(performance.now() - started);
    }
    const floorCpu = (next.cpuMs() - floorCpuBefore) / CALLS;
    client.close();

    const inProcessCpu = inProcessCpuUs / 1000 / CALLS;
    const pgText = (value: number) => (pgKnown ? ms(value) : "   n/a   ");
    console.log(`                 wall p10  wall median   wall mean   app CPU/call  PostgreSQL CPU/call`);
    const row = (values: number[]) => `${ms(p10(values))}    ${ms(median(values))}   ${ms(mean(values))}`;
    console.log(`  route       ${row(wall.route)}   ${ms(nextCpu)} (next-server)  ${pgText(pg.route)}   (+ client ${ms(clientCpuUs / 1000 / CALLS)})`);
    console.log(`  in-process  ${row(wall.inProcess)}   ${ms(inProcessCpu)} (bench process)  ${pgText(pg.inProcess)}`);
    const overhead = median(wall.route) - median(wall.inProcess);
    console.log(
      `  overhead    ${ms(p10(wall.route) - p10(wall.inProcess))}    ${ms(overhead)}   ${ms(mean(wall.route) - mean(wall.inProcess))}   ${ms(nextCpu - inProcessCpu)}  ${pgText(pg.route - pg.inProcess)}` +
        `   [${overhead <= TARGET_OVERHEAD_MS ? "OK" : "over target"}: median wall ≤ ${TARGET_OVERHEAD_MS} ms]`,
    );
    console.log(`  floor       ${row(floorWall)}   ${ms(floorCpu)} (next-server)   (GET on the same route answered 405: Next's handling alone; run after the loop)`);
    console.log(`  (CPU from /proc has a 10 ms tick: per-call figures are totals over ${CALLS} calls divided; ${machineLoad()})`);
  } finally {
    await next.stop();
  }
}

async function oracleExternalRun(deps: McpDeps): Promise<void> {
  const { db } = deps;
  const host = await hostExternalApi(deps);
  const mock = await startMockProvider({ dataset: await loadDatasetFromDbOrThrow(db, "v1"), behaviour: "oracle", latencyMs: 0 });
  try {
    console.log("mcp: oracle external run, 690 v1 tasks, reference agent × 3 processes (2 tasks each at once), zero-latency mock");
    const started = Date.now();
    const launched = await launchRun({ agent: "external", concurrency: 6 }, { db });
    await Promise.all(
      Array.from({ length: 3 }, () =>
        runAgentProcess({ studioUrl: host.url, runId: launched.runId, agentToken: launched.agentToken ?? "", modelBaseUrl: mock.url, model: "oracle", parallel: 2 }),
      ),
    );
    const done = await waitForRun(db, launched.runId, 60_000);
    const wallMs = (done.finishedAt?.getTime() ?? Date.now()) - started;
    console.log(`  ${(wallMs / 1000).toFixed(1)} s  ${(wallMs / done.tasksTotal).toFixed(1)} ms/task  score ${done.correctCount}/${done.tasksTotal}  status ${done.status}`);
  } finally {
    await host.close();
    await mock.close();
  }
}
