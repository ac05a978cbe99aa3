// MCP benchmark (scripts/bench.ts runs every *.bench.ts): (1) overhead per tool call of serving a
// session over MCP Streamable HTTP on loopback — the SDK client's round trip minus the same call made
// in-process through the same session code (auth, execution, step and call writes); (2) the time for an
// oracle external run of all 690 v1 tasks: the reference agent as 3 processes, the mock model, pull mode.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import { DATA_DIR, waitForRun } from "@/lib/test-support/db";
import { launchRun } from "@/lib/runs/launch";
import { createSqlPool } from "@/lib/runs/sql";
import { startMockProvider } from "@/lib/mock-provider";
import { claimNextTask } from "@/lib/external-runs/claim";
import type { McpDeps } from "@/lib/external-runs/deps";
import { hostExternalApi } from "@/lib/external-runs/node-host";
import { openSessionOrThrow } from "@/lib/external-runs/session-auth";
import { callSessionTool } from "@/lib/external-runs/session-tools";
import { runAgentProcess } from "@/lib/test-support/external-runs";
import { startBenchServer } from "./bench-database";

const CALLS = 300;
const TOOL = { name: "company_directory__find_email_address", arguments: { name: "Nadia" } };

async function claimed(deps: McpDeps, runId: string) {
  const outcome = await claimNextTask(deps, runId);
  if (outcome.kind !== "task") throw new Error(`bench: no task to claim (${outcome.kind})`);
  return outcome.session;
}

async function perCallMs(work: () => Promise<unknown>): Promise<number> {
  for (let warm = 0; warm < 20; warm++) await work();
  const started = performance.now();
  for (let call = 0; call < CALLS; call++) await work();
  return (performance.now() - started) / CALLS;
}

export async function run(): Promise<void> {
  const database = await startBenchServer();
  const db = createPrismaClient(database.url);
  await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
  const sql = createSqlPool(database.url, { max: 4 });
  const deps: McpDeps = { db, sql };
  const host = await hostExternalApi(deps);
  const mock = await startMockProvider({ dataset: await loadDatasetFromDbOrThrow(db, "v1"), behaviour: "oracle", latencyMs: 0 });
  try {
    console.log(`mcp: overhead per tool call, ${CALLS} calls on loopback (Streamable HTTP, SDK client) vs the same call in-process`);
    const { runId } = await launchRun({ agent: "external", limit: 2, concurrency: 2, timeoutMs: 3_600_000 }, { db });
    const direct = await claimed(deps, runId);
    const inProcess = await perCallMs(async () => callSessionTool(deps, await openSessionOrThrow(deps, direct.sessionId, direct.token), TOOL.name, TOOL.arguments));
    const overMcp = await claimed(deps, runId);
    const client = new Client({ name: "bench", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${host.url}/mcp/${overMcp.sessionId}`), { requestInit: { headers: { authorization: `Bearer ${overMcp.token}` } } }));
    const mcp = await perCallMs(() => client.callTool(TOOL));
    await client.close();
    const overhead = mcp - inProcess;
    console.log(`  in-process ${inProcess.toFixed(2)} ms/call  over MCP ${mcp.toFixed(2)} ms/call  overhead ${overhead.toFixed(2)} ms/call  [${overhead <= 2 ? "OK" : "over target"}: ≤ 2 ms]`);

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
    await sql.end();
    await db.$disconnect();
    await database.stop();
  }
}
