// Safety of the MCP sessions and the external-run API: a session token opens only its own sandbox;
// wrong, expired and finished tokens are refused; arguments are validated as for built-in agents; a
// flood of calls or a huge argument gets an error and the server keeps serving.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { launchRun } from "@/lib/runs/launch";
import { setUpExternalTest, tearDownExternalTest, type ExternalTestContext } from "../test-support/external-runs";
import type { TaskPayload } from "./run-api";
import { MAX_QUEUED } from "./session-lock";
import { closeExpiredSessions } from "./close-session";

let context: ExternalTestContext;

beforeAll(async () => {
  context = await setUpExternalTest();
});
afterAll(async () => {
  await tearDownExternalTest(context);
});

async function launchExternal(request: { limit?: number; concurrency?: number; timeoutMs?: number } = {}) {
  const launched = await launchRun({ agent: "external", limit: 4, concurrency: 4, ...request }, { db: context.db });
  return { runId: launched.runId, agentToken: launched.agentToken ?? "" };
}

async function post(path: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(`${context.host.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function claim(runId: string, agentToken: string): Promise<TaskPayload> {
  const response = await post(`/api/runs/${runId}/claim`, agentToken, {});
  expect(response.status).toBe(200);
  const payload = (await response.json()) as TaskPayload;
  expect(payload.status).toBe("task");
  return payload;
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "safety-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

const rpc = (method: string, params: unknown = {}) => ({ jsonrpc: "2.0", id: 1, method, params });
const mcpPath = (payload: TaskPayload) => new URL(payload.mcp.url).pathname;

describe("MCP session tokens", () => {
  test("a session's token opens its own sandbox; another session's token, no token or a wrong agent token are refused", async () => {
    const { runId, agentToken } = await launchExternal();
    const first = await claim(runId, agentToken);
    const second = await claim(runId, agentToken);

    const client = await connect(first.mcp.url, first.mcp.token);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(27);
    expect(tools.find((tool) => tool.name === "email__delete_email")?.inputSchema).toMatchObject({ type: "object", properties: { email_id: { type: "string" } } });
    await client.close();

    await expect(connect(first.mcp.url, second.mcp.token)).rejects.toThrow();
    expect((await post(mcpPath(first), second.mcp.token, rpc("tools/list"))).status).toBe(401);
    expect((await post(mcpPath(first), null, rpc("tools/list"))).status).toBe(401);
    expect((await post(`/api/runs/${runId}/claim`, "wbr_not-the-token", {})).status).toBe(401);
    expect((await post(`/api/runs/${runId}/claim`, second.mcp.token, {})).status).toBe(401);
    // A session token of this run does not finish another run's task either.
    const other = await launchExternal({ limit: 1 });
    expect((await post(`/api/runs/${other.runId}/finish`, first.mcp.token, {})).status).toBe(401);
  });

  test("after finish the session is closed: MCP requests are refused and a second finish is a conflict", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    const client = await connect(payload.mcp.url, payload.mcp.token);
    await client.callTool({ name: "company_directory__find_email_address", arguments: { name: "Nadia" } });
    await client.close();
    expect((await post(new URL(payload.finishUrl).pathname, payload.mcp.token, { finalAnswer: "done" })).status).toBe(200);

    const after = await post(mcpPath(payload), payload.mcp.token, rpc("tools/list"));
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ reason: "closed" });
    await expect(connect(payload.mcp.url, payload.mcp.token)).rejects.toThrow();
    expect((await post(new URL(payload.finishUrl).pathname, payload.mcp.token, {})).status).toBe(409);
    const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "completed", tasksDone: 1 });
  });

  test("an expired token is refused", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    await context.db.mcpSession.update({ where: { id: payload.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await post(mcpPath(payload), payload.mcp.token, rpc("tools/list"));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ reason: "expired" });
    await expect(connect(payload.mcp.url, payload.mcp.token)).rejects.toThrow();
  });

  test("a finish after the deadline, before the sweep ran, is refused as expired and the task scored as timed out", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    await context.db.mcpSession.update({ where: { id: payload.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await post(new URL(payload.finishUrl).pathname, payload.mcp.token, { finalAnswer: "done" });
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ reason: "expired" });
    const session = await context.db.mcpSession.findUniqueOrThrow({ where: { id: payload.sessionId } });
    expect(session.closeReason).toBe("deadline");
    const result = await context.db.taskResult.findFirstOrThrow({ where: { runId } });
    expect(result).toMatchObject({ status: "done", errorKind: "timeout", finalAnswer: null });
    // Asked again (a retry): still "expired", not a conflict.
    const again = await post(new URL(payload.finishUrl).pathname, payload.mcp.token, { finalAnswer: "done" });
    expect([again.status, ((await again.json()) as { reason: string }).reason]).toEqual([403, "expired"]);
  });

  test("a session the deadline sweep closed says it expired, not that its task was finished", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    await context.db.mcpSession.update({ where: { id: payload.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await closeExpiredSessions(context.deps, { runId })).toBe(1);
    const response = await post(mcpPath(payload), payload.mcp.token, rpc("tools/list"));
    expect(response.status).toBe(403);
    const body = (await response.json()) as { reason: string; error: string };
    expect(body.reason).toBe("expired");
    expect(body.error).toContain("deadline has passed");
    expect(body.error).not.toContain("finished");
  });

  test("a 401 for a token that opens nothing says invalid_token (RFC 6750); one without a token gets the bare challenge", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    const wrong = await post(mcpPath(payload), "wbs_wrong", rpc("tools/list"));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
    const wrongClaim = await post(`/api/runs/${runId}/claim`, "wbr_wrong", {});
    expect(wrongClaim.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
    const none = await post(mcpPath(payload), null, rpc("tools/list"));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="workbench-studio"');
  });

  test("tokens are stored hashed only", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    const access = await context.db.externalRunAccess.findUniqueOrThrow({ where: { runId } });
    const session = await context.db.mcpSession.findUniqueOrThrow({ where: { id: payload.sessionId } });
    expect(JSON.stringify([access, session])).not.toContain(agentToken.slice(4));
    expect(JSON.stringify([access, session])).not.toContain(payload.mcp.token.slice(4));
  });
});

describe("MCP tool calls", () => {
  test("arguments are validated as for built-in agents: invalid calls are recorded as failed steps and never run", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    const client = await connect(payload.mcp.url, payload.mcp.token);
    const typed = await client.callTool({ name: "email__delete_email", arguments: { email_id: 12345 } });
    expect(typed.isError).toBe(true);
    const unknownArg = await client.callTool({ name: "email__delete_email", arguments: { email_id: "00000001", force: "yes" } });
    expect(unknownArg.isError).toBe(true);
    // An unknown tool is a protocol error (MCP spec, tools/call error handling), still recorded as tried.
    await expect(client.callTool({ name: "email__format_disk", arguments: {} })).rejects.toThrow("Unknown tool: email__format_disk");
    const ok = await client.callTool({ name: "email__delete_email", arguments: { email_id: "00000001" } });
    expect(ok.isError).toBe(false);
    await client.close();

    const result = await context.db.taskResult.findFirstOrThrow({ where: { runId }, include: { steps: { orderBy: { index: "asc" } } } });
    // As for the tools agent: rejected calls never run, but with readable arguments they are predicted
    // calls (the replay skips them); only the valid one changed the sandbox.
    expect(result.calls).toHaveLength(4);
    expect(result.calls.at(-1)).toBe('email.delete_email.func(email_id="00000001")');
    expect(result.steps.filter((step) => (step.diff as unknown[] | null)?.length).map((step) => step.call)).toEqual([result.calls.at(-1)]);
    expect(result.steps.map((step) => [step.kind, step.tool, step.ok])).toEqual([
      ["tool", "email.delete_email", false],
      ["tool", "email.delete_email", false],
      ["tool", "email.format_disk", false],
      ["tool", "email.delete_email", true],
    ]);
  });

  test("a huge argument gets 413, a flood of concurrent calls gets errors, and the server keeps serving", async () => {
    const { runId, agentToken } = await launchExternal({ limit: 1 });
    const payload = await claim(runId, agentToken);
    const huge = rpc("tools/call", { name: "email__search_emails", arguments: { query: "x".repeat(2_000_000) } });
    expect((await post(mcpPath(payload), payload.mcp.token, huge)).status).toBe(413);
    expect((await post(mcpPath(payload), payload.mcp.token, "{not json")).status).toBeGreaterThanOrEqual(400);

    const call = rpc("tools/call", { name: "company_directory__find_email_address", arguments: { name: "Nadia" } });
    const flood = await Promise.all(Array.from({ length: MAX_QUEUED * 3 }, () => post(mcpPath(payload), payload.mcp.token, call)));
    const statuses = flood.map((response) => response.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);

    const client = await connect(payload.mcp.url, payload.mcp.token);
    expect((await client.callTool({ name: "company_directory__find_email_address", arguments: { name: "Nadia" } })).isError).toBe(false);
    await client.close();
    // Every call that was served is recorded once, at its own index.
    const steps = await context.db.step.findMany({ where: { result: { runId } }, orderBy: { index: "asc" }, select: { index: true } });
    expect(steps.map((step) => step.index)).toEqual(steps.map((_, index) => index));
  });
});
