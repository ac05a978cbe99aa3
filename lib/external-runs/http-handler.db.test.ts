// The HTTP endpoint answers JSON-RPC itself (http-dispatch.ts) instead of through an SDK Server per
// request. Its answers are checked against the SDK's own Server (the stdio path's, server.ts) given the
// same messages on a second session of the same run: same results and errors, message by message.
// The transport-level answers are checked against the Streamable HTTP spec's wording as the SDK's
// transport gives it; and every call is recorded exactly once, in order, batches included.
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchRun } from "@/lib/runs/launch";
import { setUpExternalTest, tearDownExternalTest, type ExternalTestContext } from "../test-support/external-runs";
import { claimNextTask } from "./claim";
import { handleMcpRequest } from "./http-handler";
import { createSessionServer } from "./server";
import { openSessionOrThrow } from "./session-auth";
import { withSessionLock } from "./session-lock";

let context: ExternalTestContext;
beforeAll(async () => {
  context = await setUpExternalTest();
});
afterAll(async () => {
  await tearDownExternalTest(context);
});

interface Claimed {
  readonly sessionId: string;
  readonly token: string;
  readonly resultId: string;
}

async function twoSessions(): Promise<[Claimed, Claimed]> {
  const { runId } = await launchRun({ agent: "external", domains: ["email"], limit: 2, concurrency: 2 }, { db: context.db });
  const claim = async () => {
    const outcome = await claimNextTask(context.deps, runId);
    if (outcome.kind !== "task") throw new Error(`no task: ${outcome.kind}`);
    return outcome.session;
  };
  return [await claim(), await claim()];
}

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

async function overHttp(session: Claimed, body: string, headers: Record<string, string> = HEADERS) {
  const response = await handleMcpRequest(
    context.deps,
    session.sessionId,
    new Request(`http://127.0.0.1/mcp/${session.sessionId}`, { method: "POST", headers: { ...headers, authorization: `Bearer ${session.token}` }, body }),
  );
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** The SDK Server of the stdio path, on an in-memory transport: one answer per request sent. */
async function sdkServer(session: Claimed) {
  const open = () => openSessionOrThrow(context.deps, session.sessionId, session.token);
  const server = createSessionServer(context.deps, { session: open, forCall: (work) => withSessionLock(session.sessionId, async () => work(await open())) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const answers: JSONRPCMessage[] = [];
  clientSide.onmessage = (message) => void answers.push(message);
  await server.connect(serverSide);
  await clientSide.start();
  return {
    async ask(message: JSONRPCMessage): Promise<JSONRPCMessage> {
      const before = answers.length;
      await clientSide.send(message);
      for (const deadline = Date.now() + 30_000; answers.length === before; ) {
        if (Date.now() > deadline) throw new Error(`no SDK answer to ${JSON.stringify(message)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return answers[before]!;
    },
    close: () => server.close(),
  };
}

describe("answers as the SDK's Server gives them", () => {
  const initialize = (version: string) => ({ protocolVersion: version, capabilities: {}, clientInfo: { name: "raw", version: "0" } });
  const requests: [string, unknown][] = [
    ["initialize", initialize("2025-06-18")],
    ["initialize", initialize("2024-11-05")],
    ["initialize", initialize("2025-11-25")],
    ["initialize", initialize("1999-01-01")],
    ["ping", undefined],
    ["tools/list", undefined],
    ["tools/list", { cursor: "next" }],
    ["tools/call", { name: "email__search_emails", arguments: { query: "meeting" } }],
    ["tools/call", { name: "email__delete_email", arguments: { email_id: 5 } }],
    ["tools/call", { name: "email__delete_email", arguments: { email_id: "00000188", extra: "x" } }],
    ["tools/call", { name: "email__search_emails" }],
    ["tools/call", { name: "email__format_disk", arguments: {} }],
    ["tools/call", { name: "email__delete_email", arguments: { email_id: "00000188" } }],
    ["tools/call", { name: "email__search_emails", arguments: { query: "Risk Management" } }],
    ["resources/list", undefined],
  ];

  test("initialize, ping, tools/list, tools/call (good, bad arguments, unknown tool), an unknown method", async () => {
    const [http, sdk] = await twoSessions();
    const reference = await sdkServer(sdk);
    try {
      for (const [position, [method, params]] of requests.entries()) {
        const message = { jsonrpc: "2.0" as const, id: position + 1, method, ...(params === undefined ? {} : { params }) };
        const expected = await reference.ask(message as JSONRPCMessage);
        const answer = await overHttp(http, JSON.stringify(message));
        expect(answer.status).toBe(200);
        expect([method, answer.json]).toEqual([method, expected]);
      }
    } finally {
      await reference.close();
    }
  });
});

describe("transport answers (Streamable HTTP)", () => {
  let session: Claimed;
  beforeAll(async () => {
    [session] = await twoSessions();
  });
  const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
  const initialized = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
  const transportError = (code: number, message: string) => ({ jsonrpc: "2.0", error: { code, message }, id: null });

  test("Accept without both JSON and SSE is 406; a body that is not application/json is 415", async () => {
    expect(await overHttp(session, ping, { "content-type": "application/json", accept: "application/json" })).toEqual({
      status: 406,
      json: transportError(-32000, "Not Acceptable: Client must accept both application/json and text/event-stream"),
    });
    expect(await overHttp(session, ping, { "content-type": "text/plain", accept: HEADERS.accept })).toEqual({
      status: 415,
      json: transportError(-32000, "Unsupported Media Type: Content-Type must be application/json"),
    });
    expect((await overHttp(session, ping, { ...HEADERS, "content-type": "application/json; charset=utf-8" })).status).toBe(200);
  });

  test("an unsupported MCP-Protocol-Version header is 400, except on initialize; a supported one is served", async () => {
    const unsupported = await overHttp(session, ping, { ...HEADERS, "mcp-protocol-version": "1999-01-01" });
    expect(unsupported.status).toBe(400);
    expect(unsupported.json).toMatchObject({ error: { code: -32000, message: expect.stringContaining("Unsupported protocol version: 1999-01-01") } });
    const initialize = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } });
    expect((await overHttp(session, initialize, { ...HEADERS, "mcp-protocol-version": "1999-01-01" })).status).toBe(200);
    expect(await overHttp(session, ping, { ...HEADERS, "mcp-protocol-version": "2025-06-18" })).toEqual({ status: 200, json: { result: {}, jsonrpc: "2.0", id: 1 } });
  });

  test("notifications and responses alone get 202 with no body; in a batch, only requests are answered", async () => {
    expect(await overHttp(session, initialized)).toEqual({ status: 202, json: null });
    expect(await overHttp(session, JSON.stringify({ jsonrpc: "2.0", id: 7, result: {} }))).toEqual({ status: 202, json: null });
    expect(await overHttp(session, `[${initialized},${ping}]`)).toEqual({ status: 200, json: { result: {}, jsonrpc: "2.0", id: 1 } });
    const two = await overHttp(session, `[${ping},${JSON.stringify({ jsonrpc: "2.0", id: "b", method: "ping" })}]`);
    expect(two.json).toEqual([
      { result: {}, jsonrpc: "2.0", id: 1 },
      { result: {}, jsonrpc: "2.0", id: "b" },
    ]);
  });

  test("initialize must come alone", async () => {
    const initialize = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } });
    expect(await overHttp(session, `[${initialize},${ping}]`)).toEqual({ status: 400, json: transportError(-32600, "Invalid Request: Only one initialization request is allowed") });
  });
});

describe("recording", () => {
  test("every call is one step and one call string, in order; two calls in one batch run one after the other", async () => {
    const [session] = await twoSessions();
    const call = (id: number, name: string, args: Record<string, unknown>) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
    await overHttp(session, call(1, "email__search_emails", { query: "meeting" }));
    await overHttp(session, call(2, "email__delete_email", { email_id: 5 })); // refused by the schema: a failed step, still a predicted call
    const batch = await overHttp(session, `[${call(3, "email__delete_email", { email_id: "00000188" })},${call(4, "email__search_emails", { query: "meeting" })}]`);
    expect((batch.json as { result?: { isError: boolean } }[]).map((reply) => reply.result?.isError)).toEqual([false, false]);

    const steps = await context.db.step.findMany({ where: { resultId: session.resultId }, orderBy: { index: "asc" }, select: { index: true, call: true, ok: true, observation: true } });
    const result = await context.db.taskResult.findUniqueOrThrow({ where: { id: session.resultId }, select: { calls: true } });
    expect(steps.map((step) => step.index)).toEqual([0, 1, 2, 3]);
    expect(steps.map((step) => step.ok)).toEqual([true, false, true, true]);
    expect(result.calls).toEqual([
      'email.search_emails.func(query="meeting")',
      'email.delete_email.func(email_id="5")',
      'email.delete_email.func(email_id="00000188")',
      'email.search_emails.func(query="meeting")',
    ]);
    expect(steps.map((step) => step.call)).toEqual(result.calls);
    // The email deleted by the batch's first call is gone for its second: the calls ran in order.
    expect(steps[0]?.observation).toContain("00000188");
    expect(steps[3]?.observation).not.toContain("00000188");
  });
});
