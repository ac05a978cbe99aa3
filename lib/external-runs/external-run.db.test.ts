// The reference agent, as 3 real processes, takes the whole v1 benchmark through MCP (pull mode) with
// the mock model: the oracle scores 690/690 with every call in its trace; `wrong-args` gives the same
// verdicts as the built-in `tools` agent with the same mock.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchRun } from "@/lib/runs/launch";
import { startWorker } from "@/lib/runs/worker";
import { FAST_RETRY, waitForRun } from "@/lib/test-support/db";
import { runAgentProcess, setUpExternalTest, tearDownExternalTest, type ExternalTestContext } from "../test-support/external-runs";

let context: ExternalTestContext;

beforeAll(async () => {
  context = await setUpExternalTest();
});
afterAll(async () => {
  await tearDownExternalTest(context);
});

async function runExternal(model: string, request: { limit?: number; domains?: ("email" | "calendar" | "analytics" | "project_management" | "customer_relationship_manager")[] }, processes: number) {
  const launched = await launchRun({ agent: "external", concurrency: 6, ...request }, { db: context.db });
  if (!launched.agentToken) throw new Error("an external launch returns its agent token");
  await Promise.all(
    Array.from({ length: processes }, () =>
      runAgentProcess({ studioUrl: context.host.url, runId: launched.runId, agentToken: launched.agentToken ?? "", modelBaseUrl: context.mock.url, model, parallel: 2 }),
    ),
  );
  return waitForRun(context.db, launched.runId, 30_000);
}

describe("external runs over MCP with the reference agent", () => {
  test("oracle through MCP, 3 agent processes: 690/690 on v1, every ground-truth call in the trace", async () => {
    const run = await runExternal("oracle", {}, 3);
    expect(run.status).toBe("completed");
    expect(run.tasksTotal).toBe(690);
    expect(run.correctCount).toBe(690);
    expect(run.errorCount).toBe(0);

    const results = await context.db.taskResult.findMany({
      where: { runId: run.id },
      select: { calls: true, task: { select: { groundTruth: true } }, steps: { select: { kind: true, call: true }, orderBy: { index: "asc" } } },
    });
    for (const result of results) {
      const toolCalls = result.steps.filter((step) => step.kind === "tool").map((step) => step.call);
      expect(toolCalls).toEqual(result.calls);
      expect(result.calls).toHaveLength(result.task.groundTruth.length);
      expect(result.steps.at(-1)?.kind).toBe("final");
      expect(result.steps.some((step) => step.kind === "model")).toBe(true); // the agent's reported turns
    }
  }, 900_000);

  test("wrong-args mock: the same verdicts as the built-in tools agent with the same mock", async () => {
    const domains = ["email", "customer_relationship_manager"] as const;
    const external = await runExternal("wrong-args", { domains: [...domains] }, 2);
    const worker = await startWorker({ db: context.db, concurrency: 8, idlePollMs: 50, log: () => undefined });
    try {
      const builtIn = await launchRun(
        { agent: "tools", provider: "mock", model: "wrong-args", baseUrl: context.mock.url, domains: [...domains], concurrency: 8, retry: FAST_RETRY },
        { db: context.db },
      );
      await waitForRun(context.db, builtIn.runId);
      const verdicts = async (runId: string) =>
        (await context.db.taskResult.findMany({ where: { runId }, select: { taskId: true, correct: true, sideEffects: true, exactMatch: true, calls: true }, orderBy: { taskId: "asc" } })).map(
          ({ taskId, correct, sideEffects, exactMatch, calls }) => ({ taskId, correct, sideEffects, exactMatch, calls }),
        );
      const ours = await verdicts(external.id);
      expect(ours.length).toBeGreaterThan(100);
      expect(ours).toEqual(await verdicts(builtIn.runId));
    } finally {
      await worker.stop();
    }
  }, 600_000);
});
