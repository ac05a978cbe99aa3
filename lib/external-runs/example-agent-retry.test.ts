// The reference agent in examples/ against a stub Studio: a transient 500 on a claim is retried (with
// backoff) instead of ending the agent; a server that keeps failing is given up on after a bounded
// number of tries, with a non-zero exit.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, expect, test } from "vitest";

const AGENT = path.resolve(import.meta.dirname, "../../examples/external-agent/agent.ts");

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let stub: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (stub ? stub.close(resolve) : resolve(undefined)));
  stub = undefined;
});

/** A stub Studio whose n-th claim gets answers[n] (the last one repeats); returns its URL and the claims seen. */
async function stubStudio(answers: readonly Answer[]): Promise<{ url: string; claims: string[] }> {
  const claims: string[] = [];
  stub = createServer((req, res) => {
    claims.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    const answer = answers[Math.min(claims.length - 1, answers.length - 1)]!;
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => stub!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`, claims };
}

function runAgent(studio: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", AGENT, "--studio", studio, "--run", "run-1", "--token", "wbr_test"], {
      env: { ...process.env, AGENT_BASE_URL: "http://127.0.0.1:9/v1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

test("one HTTP 500 on a claim (P2028) is retried: the agent carries on and ends normally", async () => {
  const { url, claims } = await stubStudio([
    { status: 500, body: { error: "Transaction API error: Unable to start a transaction in the given time." } },
    { status: 200, body: { status: "done", runStatus: "completed" } },
  ]);
  const { code, output } = await runAgent(url);
  expect(output).toContain("HTTP 500; retrying in");
  expect(output).toContain("agent done: 0 task(s)");
  expect(code).toBe(0);
  expect(claims).toEqual(Array(2).fill("POST /api/runs/run-1/claim Bearer wbr_test"));
}, 120_000);

test("a 503 with Retry-After is honoured, and a server that keeps failing is given up on after 6 tries", async () => {
  const { url, claims } = await stubStudio([{ status: 503, body: { error: "database restarting" }, headers: { "retry-after": "0" } }]);
  const { code, output } = await runAgent(url);
  expect(code).not.toBe(0);
  expect(output).toContain("HTTP 503");
  expect(claims).toHaveLength(6);
}, 120_000);

test("a refusal (401) is not retried", async () => {
  const { url, claims } = await stubStudio([{ status: 401, body: { error: "This agent token does not open this run" } }]);
  const { code, output } = await runAgent(url);
  expect(code).not.toBe(0);
  expect(output).toContain("This agent token does not open this run");
  expect(claims).toHaveLength(1);
}, 120_000);
