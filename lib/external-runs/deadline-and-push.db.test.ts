// External runs end like built-in ones: a hung agent's task is closed at its deadline and scored on the
// calls it made, the run completes; claims respect the run's concurrency; cancel closes open sessions;
// push mode posts each task to the agent endpoint configured on the server and scores its answer.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { launchRun } from "@/lib/runs/launch";
import { cancelRun } from "@/lib/runs/cancel";
import { ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";
import { waitForRun } from "@/lib/test-support/db";
import { solveTask } from "@/examples/external-agent/solve-task";
import type { TaskPayload as ExampleTaskPayload } from "@/examples/external-agent/studio-api";
import { toProviderToolName } from "@/lib/workbench/agents/tool-names";
import { parseCall } from "@/lib/workbench/calls";
import { setUpExternalTest, tearDownExternalTest, type ExternalTestContext } from "../test-support/external-runs";
import { claimNextTask } from "./claim";
import { startPushDrivers, stopPushDrivers } from "./push";
import type { TaskPayload } from "./run-api";

// The push endpoint is server configuration (read once from the environment), set before anything reads it.
const AGENT_PORT = 41_000 + Math.floor(Math.random() * 2000);
process.env.WORKBENCH_AGENT_URL = `http://127.0.0.1:${AGENT_PORT}/solve`;

let context: ExternalTestContext;
let agentEndpoint: Server;

beforeAll(async () => {
  context = await setUpExternalTest();
  startPushDrivers({ deps: async () => context.deps, baseUrl: context.host.url });
  const model = createOpenAICompatible({ name: "mock", baseURL: context.mock.url, apiKey: "none" }).chatModel("oracle");
  // The user's agent service for push mode: the reference agent's solveTask behind an HTTP endpoint.
  agentEndpoint = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const report = await solveTask(JSON.parse(body) as ExampleTaskPayload, model);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(report));
  });
  await new Promise<void>((resolve) => agentEndpoint.listen(AGENT_PORT, "127.0.0.1", resolve));
});
afterAll(async () => {
  stopPushDrivers();
  await new Promise((resolve) => agentEndpoint?.close(resolve));
  await tearDownExternalTest(context);
});

async function claimPayload(runId: string, agentToken: string): Promise<TaskPayload> {
  const response = await fetch(`${context.host.url}/api/runs/${runId}/claim`, { method: "POST", headers: { authorization: `Bearer ${agentToken}` } });
  return (await response.json()) as TaskPayload;
}

describe("external runs: deadline, concurrency, cancel, push", () => {
  test("a hung agent's task is closed at its deadline and scored on the calls it made; the run completes", async () => {
    // The deadline must outlast the claim, connect and calls below on a busy machine (1.5 s did not).
    const launched = await launchRun({ agent: "external", domains: ["email"], limit: 2, concurrency: 2, timeoutMs: 6_000 }, { db: context.db });
    const agentToken = launched.agentToken ?? "";
    const first = await claimPayload(launched.runId, agentToken);
    await claimPayload(launched.runId, agentToken); // claimed, then nothing at all
    const task = await context.db.task.findFirstOrThrow({ where: { key: first.task.key, version: { name: "v1" } } });
    const client = new Client({ name: "hung-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(first.mcp.url), { requestInit: { headers: { authorization: `Bearer ${first.mcp.token}` } } }));
    for (const raw of task.groundTruth) {
      const parsed = parseCall(raw);
      if (!parsed.ok) throw new Error(raw);
      await client.callTool({ name: toProviderToolName(parsed.call.tool), arguments: parsed.call.args });
    }
    await client.close(); // …and never finishes

    const run = await waitForRun(context.db, launched.runId, 30_000);
    expect(run).toMatchObject({ status: "completed", tasksDone: 2, errorCount: 2, correctCount: 0 });
    const result = await context.db.taskResult.findFirstOrThrow({ where: { runId: launched.runId, taskId: task.id }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(result).toMatchObject({ status: "done", error: ITERATION_LIMIT_MESSAGE, errorKind: "timeout" });
    expect(result.calls).toEqual(task.groundTruth); // what it did is what is scored
    expect(result.steps.map((step) => step.kind)).toEqual([...task.groundTruth.map(() => "tool"), "error"]);
    expect(result.diagnostics).not.toBeNull();
    const sessions = await context.db.mcpSession.findMany({ where: { runId: launched.runId } });
    expect(sessions.map((session) => session.closeReason)).toEqual(["deadline", "deadline"]);
  });

  test("claims respect the run's concurrency across agents; cancel closes open sessions and the run ends cancelled", async () => {
    const launched = await launchRun({ agent: "external", limit: 5, concurrency: 2 }, { db: context.db });
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => claimNextTask(context.deps, launched.runId)));
    expect(outcomes.filter((outcome) => outcome.kind === "task")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.kind === "wait")).toHaveLength(2);

    expect(await cancelRun(context.db, launched.runId)).toBe("cancelling");
    const run = await waitForRun(context.db, launched.runId, 15_000);
    expect(run.status).toBe("cancelled");
    expect(run.tasksDone).toBe(2);
    expect((await claimNextTask(context.deps, launched.runId)).kind).toBe("done");
    const sessions = await context.db.mcpSession.findMany({ where: { runId: launched.runId } });
    expect(sessions.map((session) => session.closeReason)).toEqual(["cancelled", "cancelled"]);
  });

  test("a tool call after the cancel returned is answered 403 and writes nothing", async () => {
    const launched = await launchRun({ agent: "external", domains: ["email"], limit: 2, concurrency: 1 }, { db: context.db });
    const payload = await claimPayload(launched.runId, launched.agentToken ?? "");
    const task = await context.db.task.findFirstOrThrow({ where: { key: payload.task.key, version: { name: "v1" } } });
    const parsed = parseCall(task.groundTruth[0] ?? "");
    if (!parsed.ok) throw new Error(String(task.groundTruth[0]));
    const client = new Client({ name: "cancelled-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(payload.mcp.url), { requestInit: { headers: { authorization: `Bearer ${payload.mcp.token}` } } }));
    const call = { name: toProviderToolName(parsed.call.tool), arguments: parsed.call.args };
    await client.callTool(call); // served while the run goes on
    const stepsBefore = await context.db.step.count({ where: { result: { runId: launched.runId } } });
    expect(stepsBefore).toBe(1);

    expect(await cancelRun(context.db, launched.runId)).toBe("cancelling");
    // At once, before any supervisor tick: the same session, the same call.
    const after = await fetch(payload.mcp.url, {
      method: "POST",
      headers: { authorization: `Bearer ${payload.mcp.token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: call }),
    });
    expect(after.status).toBe(403);
    expect(await after.text()).toContain("cancelled");
    await client.close().catch(() => undefined);
    const run = await waitForRun(context.db, launched.runId, 15_000);
    expect(run.status).toBe("cancelled");
    const result = await context.db.taskResult.findFirstOrThrow({ where: { runId: launched.runId, status: "done" }, include: { steps: true } });
    expect(result.calls).toHaveLength(1); // the call made before the cancel, nothing after
    expect(result.steps.filter((step) => step.kind === "tool")).toHaveLength(1);
  });

  test("push mode: Studio posts each task to the configured agent endpoint and scores its answers", async () => {
    const launched = await launchRun({ agent: "external", externalMode: "push", domains: ["calendar"], limit: 12, concurrency: 3 }, { db: context.db });
    const run = await waitForRun(context.db, launched.runId, 60_000);
    expect(run).toMatchObject({ status: "completed", tasksDone: 12, correctCount: 12, errorCount: 0 });
    const finals = await context.db.step.count({ where: { result: { runId: launched.runId }, kind: "final" } });
    expect(finals).toBe(12);
  });
});
