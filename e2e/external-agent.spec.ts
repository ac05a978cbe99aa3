// Bring your own agent: launch an external run from the form, run the reference agent (a real process,
// the mock model in oracle mode) against it, watch the run page complete and open a trace whose tool
// calls came over MCP.
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";
import { RunPage } from "./pages/run-page";
import { TracePage } from "./pages/trace-page";

const repoRoot = path.resolve(import.meta.dirname, "..");

/** Starts a tsx script, resolves with the first stdout line matching `ready` (and the process). */
function startScript(args: string[], env: Record<string, string | undefined>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ child, match });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`${args[0]} exited ${code}: ${output.slice(-1500)}`)));
  });
}

test("an external run launched from the form completes with the reference agent, and its trace shows the MCP calls", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("external");
  await launch.fill("name", `e2e external ${Date.now()}`);
  await launch.checkDomain("email");
  await launch.fill("limit", "4");
  await launch.fill("concurrency", "2");
  await launch.submit();

  const launched = page.getByTestId("external-launched");
  await expect(launched).toBeVisible({ timeout: 30_000 });
  const agentToken = (await page.getByTestId("agent-token").textContent()) ?? "";
  const runId = (await page.getByTestId("external-run-id").textContent()) ?? "";
  expect(agentToken).toMatch(/^wbr_/);

  const mock = await startScript(["scripts/mock-provider.ts", "--port", "0", "--behaviour", "oracle"], {}, /at (http:\/\/\S+\/v1)/);
  try {
    const agent = startScript(
      ["examples/external-agent/agent.ts", "--studio", baseURL ?? "", "--run", runId, "--token", agentToken],
      { AGENT_BASE_URL: mock.match[1], AGENT_MODEL: "oracle" },
      /agent done: (\d+) task/,
    );
    await launched.getByTestId("external-run-link").click();
    await page.waitForURL(new RegExp(`/runs/${runId}$`));
    const run = new RunPage(page);
    await run.waitForStatus("completed", 120_000);
    await expect(run.progressText).toHaveText("4/4 · 100 %");
    expect((await agent).match[1]).toBe("4");

    await run.openFirstResult();
    const trace = new TracePage(page);
    await expect(trace.toolSteps.first()).toBeVisible();
    await expect(trace.modelSteps.first()).toBeVisible(); // the agent's reported turns
    await expect(trace.verdict("correct")).toBeVisible();
  } finally {
    mock.child.kill();
  }
});

/** POST through node:http, so the Host header is ours to choose (as an agent on another machine sends it). */
function rawPost(baseURL: string, path: string, token: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const target = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path, method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("through next start, a claim's URLs are on the Host the agent used, and the MCP route answers JSON-RPC errors by the spec", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("external");
  await launch.fill("name", `e2e external urls ${Date.now()}`);
  await launch.checkDomain("email");
  await launch.fill("limit", "1");
  await launch.submit();
  await expect(page.getByTestId("external-launched")).toBeVisible({ timeout: 30_000 });
  const agentToken = (await page.getByTestId("agent-token").textContent()) ?? "";
  const runId = (await page.getByTestId("external-run-id").textContent()) ?? "";
  const port = new URL(baseURL ?? "").port;

  // X-Forwarded-Host and -Proto from a client that is not a trusted proxy are ignored: host and scheme are the agent's own.
  const untrusted = { host: `studio-e2e.test:${port}`, "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
  const claim = await rawPost(baseURL ?? "", `/api/runs/${runId}/claim`, agentToken, "{}", untrusted);
  expect(claim.status).toBe(200);
  const payload = JSON.parse(claim.body) as { mcp: { url: string; token: string }; finishUrl: string; turnsUrl: string };
  for (const url of [payload.mcp.url, payload.finishUrl, payload.turnsUrl]) expect(url.startsWith(`http://studio-e2e.test:${port}/`)).toBe(true);

  const mcpPath = new URL(payload.mcp.url).pathname;
  const notJson = await rawPost(baseURL ?? "", mcpPath, payload.mcp.token, "{not json");
  expect([notJson.status, JSON.parse(notJson.body).error.code]).toEqual([400, -32700]);
  const notRequest = await rawPost(baseURL ?? "", mcpPath, payload.mcp.token, '{"hello":"world"}');
  expect(JSON.parse(notRequest.body).error.code).toBe(-32600);
  const unknownTool = await rawPost(baseURL ?? "", mcpPath, payload.mcp.token, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "email__format_disk", arguments: {} } }));
  expect(JSON.parse(unknownTool.body).error).toEqual({ code: -32602, message: "Unknown tool: email__format_disk" });
  const wrongToken = await rawPost(baseURL ?? "", mcpPath, "wbs_wrong", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
  expect(wrongToken.status).toBe(401);
  expect(String(wrongToken.headers["www-authenticate"])).toContain('error="invalid_token"');
  expect((await rawPost(baseURL ?? "", new URL(payload.finishUrl).pathname, payload.mcp.token, '{"finalAnswer":"done"}')).status).toBe(200);
});
