// Shared set-up for the external-run db tests and the benchmark: the runs test context, the external
// API + MCP served on a bare Node server, the mock model, and the reference agent started as real
// processes (examples/external-agent/agent.ts), as a user would run it.
import { spawn } from "node:child_process";
import path from "node:path";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { createSqlPool, type SqlPool } from "@/lib/runs/sql";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import type { McpDeps } from "../external-runs/deps";
import { hostExternalApi, type NodeHost } from "../external-runs/node-host";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const AGENT_SCRIPTS = { http: path.join(REPO_ROOT, "examples/external-agent/agent.ts"), stdio: path.join(REPO_ROOT, "examples/external-agent/stdio-agent.ts") };

export interface ExternalTestContext extends RunsTestContext {
  readonly deps: McpDeps;
  /** The pool behind deps.sql (closed by tearDownExternalTest). */
  readonly sql: SqlPool;
  readonly host: NodeHost;
  readonly mock: MockProvider;
}

export async function setUpExternalTest(): Promise<ExternalTestContext> {
  const context = await setUpRunsTest();
  const sql = createSqlPool(context.databaseUrl, { max: 4 });
  const deps = { db: context.db, sql };
  const host = await hostExternalApi(deps);
  const mock = await startMockProvider({ dataset: context.v1, behaviour: "oracle" });
  return { ...context, deps, sql, host, mock };
}

export async function tearDownExternalTest(context: ExternalTestContext | undefined): Promise<void> {
  await context?.host.close();
  await context?.mock.close();
  await context?.sql.end();
  await tearDownRunsTest(context);
}

export interface AgentProcessOptions {
  readonly studioUrl: string;
  readonly runId: string;
  readonly agentToken: string;
  readonly modelBaseUrl: string;
  /** A mock behaviour name (oracle, wrong-args…) or a real model id. */
  readonly model: string;
  readonly parallel?: number;
  /** Which example: MCP over HTTP (agent.ts, default) or over stdio (stdio-agent.ts). */
  readonly transport?: "http" | "stdio";
}

/** Runs the reference agent as a child process until it finds no task left; rejects on a non-zero exit. */
export function runAgentProcess(options: AgentProcessOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import", "tsx", AGENT_SCRIPTS[options.transport ?? "http"], "--studio", options.studioUrl, "--run", options.runId, "--token", options.agentToken,
        "--parallel", String(options.parallel ?? 1),
      ],
      { cwd: REPO_ROOT, env: { ...process.env, AGENT_BASE_URL: options.modelBaseUrl, AGENT_MODEL: options.model }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`agent exited ${code}: ${output.slice(-2000)}`))));
  });
}
