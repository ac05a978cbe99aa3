// MCP conformance as a client we did not write sees it: raw JSON-RPC over HTTP (fetch and node:http,
// no MCP SDK on the client side) against the external API's handlers on a Node host, and raw lines over
// stdio to `workbench mcp` spawned as an MCP client would. Expected codes are JSON-RPC 2.0's (§5.1) and
// the MCP spec's (tools/call error handling: unknown tool -32602, bad arguments isError); URLs must be
// on the host the agent used.
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { installClientAddressLayer, trustedProxyList } from "@/lib/auth/client-address";
import { launchRun } from "@/lib/runs/launch";
import { REPO_ROOT, setUpExternalTest, tearDownExternalTest, type ExternalTestContext } from "../test-support/external-runs";
import type { TaskPayload } from "./run-api";

let context: ExternalTestContext;

beforeAll(async () => {
  // As the web server does (instrumentation.ts), with 127.0.0.2 as the one trusted proxy: a request
  // from 127.0.0.1 is a client talking directly, one from 127.0.0.2 comes through "the proxy".
  await installClientAddressLayer(trustedProxyList(["127.0.0.2"]));
  context = await setUpExternalTest();
});
afterAll(async () => {
  await tearDownExternalTest(context);
});

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** POST with node:http so Host and the source address are ours to choose (fetch sets Host itself). */
function rawPost(path: string, options: { token?: string; body: string; headers?: Record<string, string>; from?: string; chunked?: boolean }): Promise<RawAnswer> {
  const target = new URL(context.host.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: "POST",
        localAddress: options.from,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    if (!options.chunked) return void req.end(options.body);
    // Two writes: Node sends Transfer-Encoding: chunked, no Content-Length to refuse the body by.
    req.write(options.body.slice(0, options.body.length / 2));
    req.end(options.body.slice(options.body.length / 2));
  });
}

async function launchAndClaim(headers: Record<string, string> = {}, from?: string): Promise<TaskPayload> {
  const launched = await launchRun({ agent: "external", domains: ["email"], limit: 2, concurrency: 2 }, { db: context.db });
  const answer = await rawPost(`/api/runs/${launched.runId}/claim`, { token: launched.agentToken ?? "", body: "{}", headers, from });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as TaskPayload;
}

let nextId = 1;
const rpc = (method: string, params?: unknown) => JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, ...(params === undefined ? {} : { params }) });

async function mcp(payload: TaskPayload, body: string, token = payload.mcp.token): Promise<{ status: number; headers: RawAnswer["headers"]; json: any }> {
  const answer = await rawPost(new URL(payload.mcp.url).pathname, { token, body });
  return { status: answer.status, headers: answer.headers, json: answer.body ? JSON.parse(answer.body) : null };
}

describe("URLs handed out by a claim", () => {
  test("are on the Host the agent used, not the server's own origin", async () => {
    const payload = await launchAndClaim({ host: "studio.lan:8123" });
    for (const url of [payload.mcp.url, payload.finishUrl, payload.turnsUrl]) expect(url).toMatch(/^http:\/\/studio\.lan:8123\//);
    expect(payload.mcp.url).toBe(`http://studio.lan:8123/mcp/${payload.sessionId}`);
  });

  test("X-Forwarded-Host/-Proto count from a trusted proxy only", async () => {
    const forwarded = { host: "127.0.0.1", "x-forwarded-host": "bench.example.org", "x-forwarded-proto": "https" };
    const direct = await launchAndClaim(forwarded, "127.0.0.1");
    expect(direct.mcp.url).toMatch(/^http:\/\/127\.0\.0\.1\/mcp\//);
    const proxied = await launchAndClaim(forwarded, "127.0.0.2");
    expect(proxied.mcp.url).toMatch(/^https:\/\/bench\.example\.org\/mcp\//);
    expect(proxied.finishUrl).toMatch(/^https:\/\/bench\.example\.org\/api\/runs\//);
  });
});

describe("JSON-RPC over HTTP", () => {
  let payload: TaskPayload;
  beforeAll(async () => {
    payload = await launchAndClaim();
  });

  test.each(["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])("initialize with protocol version %s is accepted as is", async (version) => {
    const answer = await mcp(payload, rpc("initialize", { protocolVersion: version, capabilities: {}, clientInfo: { name: "raw", version: "0" } }));
    expect(answer.status).toBe(200);
    expect(answer.json.result.protocolVersion).toBe(version);
    expect(answer.json.result.capabilities.tools).toBeDefined();
  });

  test("tools/list: every argument of every tool is a string", async () => {
    const answer = await mcp(payload, rpc("tools/list"));
    const tools = answer.json.result.tools as { name: string; inputSchema: { type: string; properties?: Record<string, { type: string }> } }[];
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      for (const property of Object.values(tool.inputSchema.properties ?? {})) expect(property.type).toBe("string");
    }
  });

  test("a good call is a result; arguments of the wrong type are a tool execution error (isError)", async () => {
    const good = await mcp(payload, rpc("tools/call", { name: "email__search_emails", arguments: { query: "meeting" } }));
    expect(good.json.result.isError).toBe(false);
    const typed = await mcp(payload, rpc("tools/call", { name: "email__delete_email", arguments: { email_id: 5 } }));
    expect(typed.json.result.isError).toBe(true);
  });

  test("an unknown tool is a protocol error, -32602", async () => {
    const answer = await mcp(payload, rpc("tools/call", { name: "email__format_disk", arguments: {} }));
    expect(answer.json.error).toEqual({ code: -32602, message: "Unknown tool: email__format_disk" });
  });

  test("malformed params are -32602 with a plain message, not a validation dump", async () => {
    const answer = await mcp(payload, rpc("tools/call", { name: 42, arguments: "x" }));
    expect(answer.status).toBe(200);
    expect(answer.json.error.code).toBe(-32602);
    expect(answer.json.error.message).not.toMatch(/invalid_type|"path"|"code"|Expected|\[/);
    expect(answer.json.id).toBe(nextId - 1);
  });

  test("a body that is not JSON is -32700; valid JSON that is not a request is -32600; an unknown method -32601", async () => {
    const notJson = await mcp(payload, "{not json");
    expect([notJson.status, notJson.json.error.code, notJson.json.id]).toEqual([400, -32700, null]);
    for (const body of ['{"hello":"world"}', "42", "[]", '{"jsonrpc":"2.0","id":9}']) {
      const answer = await mcp(payload, body);
      expect([body, answer.status, answer.json.error.code]).toEqual([body, 400, -32600]);
    }
    const unknownMethod = await mcp(payload, rpc("resources/list"));
    expect(unknownMethod.json.error.code).toBe(-32601);
  });

  test("a chunked body over 1 MB (no Content-Length) is refused with 413 and the session keeps serving", async () => {
    const huge = rpc("tools/call", { name: "email__search_emails", arguments: { query: "x".repeat(1_500_000) } });
    const answer = await rawPost(new URL(payload.mcp.url).pathname, { token: payload.mcp.token, body: huge, chunked: true });
    expect(answer.status).toBe(413);
    expect((await mcp(payload, rpc("tools/list"))).status).toBe(200);
  });

  test("a wrong token is 401 with WWW-Authenticate: Bearer error=\"invalid_token\"", async () => {
    const answer = await mcp(payload, rpc("tools/list"), "wbs_wrong");
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer .*error="invalid_token"/);
  });
});

describe("JSON-RPC over stdio (workbench mcp)", () => {
  test("every line gets its answer, and stdout holds nothing but JSON-RPC", async () => {
    const payload = await launchAndClaim();
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/workbench.ts", "mcp", "--run", runIdOf(payload)], {
      cwd: REPO_ROOT,
      // What an MCP client passes: a minimal environment plus the server's DATABASE_URL.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: context.databaseUrl, WORKBENCH_SESSION_TOKEN: payload.mcp.token } as unknown as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const lines = [
      rpc("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      "this line is not JSON",
      '{"hello":"world"}',
      rpc("tools/call", { name: 42 }),
      rpc("tools/call", { name: "email__format_disk", arguments: {} }),
      rpc("tools/call", { name: "email__search_emails", arguments: { query: "meeting" } }),
    ];
    const [initializeId, badParamsId, unknownToolId, goodCallId] = [nextId - 4, nextId - 3, nextId - 2, nextId - 1];
    child.stdin.write(`${lines.join("\n")}\n`);
    // Six answers expected (the notification gets none); then close stdin as a client does at the end.
    for (const deadline = Date.now() + 60_000; stdout.split("\n").filter(Boolean).length < 6; ) {
      if (Date.now() > deadline) throw new Error(`stdio answers missing; stdout: ${stdout} stderr: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The deadline passes while the client is connected: the next request says so, with its own code.
    await context.db.mcpSession.update({ where: { id: payload.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const lateId = nextId;
    child.stdin.write(`${rpc("tools/list")}\n`);
    for (const deadline = Date.now() + 60_000; stdout.split("\n").filter(Boolean).length < 7; ) {
      if (Date.now() > deadline) throw new Error(`no answer after the deadline; stdout: ${stdout} stderr: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.stdin.end();
    expect(await exited).toBe(0);
    const messages = stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { jsonrpc: string; id: unknown; result?: any; error?: { code: number; message?: string } });
    expect(stdout.endsWith("\n")).toBe(true);
    for (const message of messages) expect(message.jsonrpc).toBe("2.0");
    const byId = new Map(messages.map((message) => [message.id, message]));
    expect(byId.get(initializeId)?.result.protocolVersion).toBe("2025-06-18");
    expect(messages.filter((message) => message.id === null).map((message) => message.error?.code).sort()).toEqual([-32700, -32600].sort());
    expect(byId.get(badParamsId)?.error?.code).toBe(-32602);
    expect(byId.get(unknownToolId)?.error).toEqual({ code: -32602, message: "Unknown tool: email__format_disk" });
    expect(byId.get(goodCallId)?.result.isError).toBe(false);
    expect(byId.get(lateId)?.error).toMatchObject({ code: -32001, data: { reason: "expired" } });
    expect((byId.get(lateId)?.error as { message?: string } | undefined)?.message).toContain("deadline has passed");
  }, 120_000);
});

function runIdOf(payload: TaskPayload): string {
  return new URL(payload.finishUrl).pathname.split("/")[3] ?? "";
}
