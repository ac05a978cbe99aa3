// The stdio example: claims over HTTP, serves each task's sandbox through `workbench mcp` over stdio,
// finishes over HTTP; the oracle model scores every task and the traces hold its calls.
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchRun } from "@/lib/runs/launch";
import { waitForRun } from "@/lib/test-support/db";
import { runAgentProcess, setUpExternalTest, tearDownExternalTest, type ExternalTestContext } from "../test-support/external-runs";

let context: ExternalTestContext;

beforeAll(async () => {
  context = await setUpExternalTest();
});
afterAll(async () => {
  await tearDownExternalTest(context);
});

test("the stdio example agent scores 3/3 with the oracle mock through `workbench mcp`", async () => {
  const launched = await launchRun({ agent: "external", domains: ["email"], limit: 3, concurrency: 1 }, { db: context.db });
  const output = await runAgentProcess({
    studioUrl: context.host.url, runId: launched.runId, agentToken: launched.agentToken ?? "", modelBaseUrl: context.mock.url, model: "oracle", transport: "stdio",
  });
  expect(output).toContain("stdio agent done: 3 task(s)");
  const run = await waitForRun(context.db, launched.runId, 10_000);
  expect(run).toMatchObject({ status: "completed", tasksDone: 3, correctCount: 3, errorCount: 0 });
  const toolSteps = await context.db.step.count({ where: { result: { runId: launched.runId }, kind: "tool" } });
  const calls = await context.db.taskResult.findMany({ where: { runId: launched.runId }, select: { calls: true } });
  expect(toolSteps).toBe(calls.reduce((sum, result) => sum + result.calls.length, 0));
  expect(toolSteps).toBeGreaterThan(0);
}, 180_000);

test("`workbench mcp` refuses a token that opens no session of the run", async () => {
  const { spawnSync } = await import("node:child_process");
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/workbench.ts", "mcp", "--run", "no-such-run", "--token", "wbs_wrong"], {
    encoding: "utf8",
    env: process.env,
    input: "",
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("This token does not open this session");
  expect(result.stdout).toBe(""); // stdout is the protocol channel
}, 60_000);
