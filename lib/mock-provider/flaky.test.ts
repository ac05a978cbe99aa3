// The `flaky` behaviour through the real agents: three runs of one task score right, wrong, right,
// whichever agent, so a 3-trial run has a known flaky task. Needs the official data (fails without it).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "../workbench/datasets";
import type { Dataset, Task } from "../workbench/datasets/types";
import { type Evaluator } from "../workbench/evaluate";
import { startMockProvider, type MockProvider } from "./index";
import { runAgent } from "../test-support/mock-provider-harness";
import { createProtocolEvaluator } from "../workbench/protocols";
import { testDataDir } from "../workbench/test-support/data-dir";

let dataset: Dataset;
let evaluator: Evaluator;
let mock: MockProvider;

beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v1");
  evaluator = createProtocolEvaluator({ dataset: dataset, protocol: "2024" });
  mock = await startMockProvider({ dataset });
});
afterAll(() => mock.close());

const taskWithCalls = (count: number, skip = 0): Task => {
  const task = dataset.tasks.filter((candidate) => candidate.groundTruth.length === count)[skip];
  if (!task) throw new Error(`no task with ${count} ground-truth calls`);
  return task;
};

describe.each([["react", 0], ["tools", 1]] as const)("%s agent, flaky behaviour", (kind, skip) => {
  test("the 2nd of every 3 conversations about a task ends at once: right, wrong, right", async () => {
    const task = taskWithCalls(2, skip);
    const verdicts: boolean[] = [];
    for (let trial = 0; trial < 3; trial++) {
      const { outcome } = await runAgent(kind, dataset, task, { baseUrl: mock.url, model: "flaky" });
      verdicts.push(evaluator.scoreTask(task, outcome.calls, outcome.error).correct);
    }
    expect(verdicts).toEqual([true, false, true]);
  });
});
