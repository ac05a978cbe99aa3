// Runs under a protocol: a launched v2026 run stores protocol 2026 and its latest scoring revision,
// the workbench-2026 agent runs the 2026 tools through the queue (the mock provider answers the
// 2026 harness's sanitized tool names), the tools and react agents run the 2026 tools too, and a
// finished run re-scores under another revision.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "@/lib/workbench/datasets";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { DATA_DIR, FAST_RETRY, resultIntegrity, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun, LaunchError } from "./launch";
import { rescoreRun } from "./rescore";

let context: WorkerTestContext;
let mock2026: MockProvider;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 16, idlePollMs: 200, mockLatencyMs: 0 });
  mock2026 = await startMockProvider({ dataset: await loadDataset(DATA_DIR, "v2026"), behaviour: "oracle" });
});

afterAll(async () => {
  await mock2026?.close();
  await tearDownWorkerTest(context);
});

describe("runs under a protocol", () => {
  test("the mock oracle through the workbench-2026 agent on all 690 v2026 tasks: protocol 2026, latest revision, all correct, re-scorable", async () => {
    const { runId, tasksTotal } = await launchRun(
      { agent: "workbench-2026", provider: "mock", model: "oracle", baseUrl: mock2026.url, groundTruth: "v2026", concurrency: 16, retry: FAST_RETRY },
      context,
    );
    const run = await waitForRun(context.db, runId);
    expect(run).toMatchObject({ status: "completed", protocol: "2026", groundTruth: "v2026", scoringRevision: "2026-07", tasksDone: tasksTotal, correctCount: tasksTotal });
    expect(run.promptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await resultIntegrity(context.db, runId)).toMatchObject({ done: tasksTotal, stepGaps: 0 });
    const toolStep = await context.db.step.findFirstOrThrow({ where: { kind: "tool", result: { runId } } });
    expect(toolStep.call).toMatch(/^[a-z_]+\.[a-z_]+\.func\(/);

    const rescored = await rescoreRun(context.db, { runId, revision: "2026-06" });
    expect(rescored).toMatchObject({ from: "2026-07", to: "2026-06", tasks: tasksTotal });
    expect(await context.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ scoringRevision: "2026-06", correctCount: rescored.correct });
  });

  test.each(["tools", "react"] as const)("the mock oracle through the %s agent under protocol 2026 completes all 690 v2026 tasks", async (agent) => {
    const { runId } = await launchRun(
      { agent, provider: "mock", model: "oracle", baseUrl: mock2026.url, groundTruth: "v2026", concurrency: 16, retry: FAST_RETRY },
      context,
    );
    expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed", protocol: "2026", tasksDone: 690, correctCount: 690 });
  });

  test("a v1 run is protocol 2024; a revision of another protocol is refused before anything is written", async () => {
    const { runId } = await launchRun({ agent: "oracle", limit: 5 }, context);
    expect(await waitForRun(context.db, runId)).toMatchObject({ protocol: "2024", scoringRevision: "2024", correctCount: 5 });
    const runs = await context.db.run.count();
    await expect(launchRun({ agent: "oracle", groundTruth: "v1", protocol: "2024", scoringRevision: "2026-06", limit: 5 }, context)).rejects.toThrow(LaunchError);
    expect(await context.db.run.count()).toBe(runs);
  });
});
