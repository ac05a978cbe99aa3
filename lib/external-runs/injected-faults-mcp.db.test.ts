// An external agent over MCP (the reference agent, examples/external-agent, as a real process) faces the
// same fault schedule as a built-in agent with the same seed: the faults are decided where every tool call
// executes (lib/workbench/agents/run-tool.ts), by (seed, task, ordinal), and an MCP session counts its
// ordinals from the task's earlier tool steps. Both agents here follow the same mock model, so their calls
// match call for call, and so must the faults and the verdicts.
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchRun } from "@/lib/runs/launch";
import { startWorker } from "@/lib/runs/worker";
import { FAST_RETRY, waitForRun } from "@/lib/test-support/db";
import { injectedFault } from "@/lib/traces/build-trace";
import { runAgentProcess, setUpExternalTest, tearDownExternalTest, type ExternalTestContext } from "../test-support/external-runs";

let context: ExternalTestContext;
const FAULTS = { faultRate: 0.3, faultSeed: 4242 };
const DOMAINS = ["email", "calendar"] as const;

beforeAll(async () => {
  context = await setUpExternalTest();
});
afterAll(async () => {
  await tearDownExternalTest(context);
});

async function tracesOf(runId: string) {
  const results = await context.db.taskResult.findMany({
    where: { runId },
    orderBy: { taskId: "asc" },
    select: { taskId: true, correct: true, sideEffects: true, calls: true, steps: { where: { kind: "tool" }, orderBy: { index: "asc" }, select: { call: true, fault: true } } },
  });
  return results.map((result) => ({ ...result, steps: result.steps.map((step) => ({ call: step.call, fault: injectedFault(step.fault) })) }));
}

test("the example agent over MCP sees the same faults, call for call, as the built-in tools agent", async () => {
  const external = await launchRun({ agent: "external", concurrency: 6, domains: [...DOMAINS], ...FAULTS }, { db: context.db });
  await runAgentProcess({ studioUrl: context.host.url, runId: external.runId, agentToken: external.agentToken ?? "", modelBaseUrl: context.mock.url, model: "oracle", parallel: 3 });
  expect(await waitForRun(context.db, external.runId, 60_000)).toMatchObject({ status: "completed" });

  const worker = await startWorker({ db: context.db, concurrency: 8, idlePollMs: 50, log: () => undefined });
  try {
    const builtIn = await launchRun(
      { agent: "tools", provider: "mock", model: "oracle", baseUrl: context.mock.url, domains: [...DOMAINS], concurrency: 8, retry: FAST_RETRY, ...FAULTS },
      { db: context.db },
    );
    await waitForRun(context.db, builtIn.runId);
    const ours = await tracesOf(external.runId);
    const theirs = await tracesOf(builtIn.runId);
    expect(ours.length).toBeGreaterThan(100);
    const faults = ours.flatMap((result) => result.steps.filter((step) => step.fault));
    expect(faults.length).toBeGreaterThan(20);
    // The oracle model's calls are the ground truth's, nearly all writes: transient and ambiguous faults
    // (a malformed answer is drawn only on a read: lib/workbench/tools/faults.test.ts).
    const kinds = new Set(faults.map((step) => step.fault?.kind));
    expect(kinds.has("transient") && kinds.has("ambiguous")).toBe(true);
    expect(ours).toEqual(theirs);
  } finally {
    await worker.stop();
  }
}, 600_000);
