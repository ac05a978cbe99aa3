// The external API on a database that is restarting: 503 with Retry-After, never a 500 or a stack.
import { expect, test } from "vitest";
import type { McpDeps } from "./deps";
import { handleMcpRequest } from "./http-handler";
import { handleClaim, handleFinish } from "./run-api";

function failingDeps(error: Error): McpDeps {
  const fail = async () => {
    throw error;
  };
  return { db: { $transaction: fail } as unknown as McpDeps["db"], sql: { query: fail } as unknown as McpDeps["sql"] };
}

const starting = Object.assign(new Error("the database system is starting up"), { code: "57P03" });
const prismaTimeout = Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" });

function post(path: string): Request {
  return new Request(`http://127.0.0.1:3000${path}`, { method: "POST", headers: { authorization: "Bearer wbr_x", "content-type": "application/json" }, body: "{}" });
}

test.each([
  ["57P03 (starting up)", starting],
  ["P2028 (transaction start timed out)", prismaTimeout],
])("a claim during %s answers 503 with Retry-After", async (_label, error) => {
  const response = await handleClaim(failingDeps(error), "run-1", post("/api/runs/run-1/claim"));
  expect(response.status).toBe(503);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  const body = (await response.json()) as { error: string; retryAfterMs: number };
  expect(body.retryAfterMs).toBe(Number(response.headers.get("retry-after")) * 1000);
  expect(JSON.stringify(body)).not.toContain(error.message); // no database detail for the agent
});

test("finish and the MCP endpoint answer 503 the same way", async () => {
  const deps = failingDeps(starting);
  expect((await handleFinish(deps, "run-1", post("/api/runs/run-1/finish"))).status).toBe(503);
  const mcp = await handleMcpRequest(deps, "session-1", post("/mcp/session-1"));
  expect(mcp.status).toBe(503);
  expect(mcp.headers.get("retry-after")).not.toBeNull();
});

test("a bug is not dressed up as a transient state: it is thrown (a 500)", async () => {
  await expect(handleClaim(failingDeps(new TypeError("x is not a function")), "run-1", post("/api/runs/run-1/claim"))).rejects.toThrow(TypeError);
});
