// The agents against the mock provider through the real AI SDK HTTP client. Needs the official data
// (../shared/workbench or WORKBENCH_DATA_DIR): fails, never skips, without it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "../workbench/datasets";
import type { Dataset, Task } from "../workbench/datasets/types";
import { type Evaluator } from "../workbench/evaluate";
import { startMockProvider, type MockProvider } from "./index";
import { runAgent, sampleTasks } from "../test-support/mock-provider-harness";
import { createProtocolEvaluator } from "../workbench/protocols";
import { testDataDir } from "../workbench/test-support/data-dir";

let dataset: Dataset;
let evaluator: Evaluator;
let mock: MockProvider;
let tasks: Task[];

beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v1");
  evaluator = createProtocolEvaluator({ dataset: dataset, protocol: "2024" });
  mock = await startMockProvider({ dataset, behaviour: "oracle" });
  tasks = sampleTasks(dataset, 2);
});
afterAll(() => mock.close());

function taskWithCalls(count: number): Task {
  const task = dataset.tasks.find((candidate) => candidate.groundTruth.length === count);
  if (!task) throw new Error(`no task with ${count} ground-truth calls`);
  return task;
}

describe.each(["react", "tools"] as const)("%s agent, oracle behaviour", (kind) => {
  test("reaches the ground-truth state on real tasks of every domain (v1 scorer: correct)", async () => {
    expect(tasks.length).toBeGreaterThanOrEqual(7);
    for (const task of tasks) {
      const { outcome, steps } = await runAgent(kind, dataset, task, { baseUrl: mock.url, model: "oracle" });
      expect(outcome.error, task.key).toBeNull();
      expect(outcome.calls).toHaveLength(task.groundTruth.length);
      expect(evaluator.scoreTask(task, outcome.calls, outcome.error).correct, task.key).toBe(true);
      expect(steps.filter((step) => step.kind === "model")).toHaveLength(task.groundTruth.length + 1);
      expect(steps.at(-1)?.kind).toBe("final");
      expect(outcome.inputTokens).toBeGreaterThan(0);
    }
  });

  test("records each tool call with its observation and sandbox diff", async () => {
    const task = dataset.tasks.find((candidate) => candidate.groundTruth.length === 1 && candidate.groundTruth[0]?.startsWith("calendar.delete_event"));
    if (!task) throw new Error("no single delete_event task");
    const { steps, outcome } = await runAgent(kind, dataset, task, { baseUrl: mock.url, model: "oracle" });
    const tools = steps.filter((step) => step.kind === "tool");
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ tool: "calendar.delete_event", ok: true, observation: "Event deleted successfully." });
    expect(tools[0]?.kind === "tool" && tools[0].diff.map((table) => [table.table, table.deleted.length])).toEqual([["calendar", 1]]);
    expect(outcome.calls).toEqual(task.groundTruth);
  });

  test("stops at the step limit with the v1 iteration-limit error", async () => {
    const { outcome } = await runAgent(kind, dataset, taskWithCalls(2), { baseUrl: mock.url, model: "oracle", maxSteps: 2 });
    expect(outcome).toMatchObject({ errorKind: "iteration_limit", error: "Agent stopped due to iteration limit or time limit." });
    expect(outcome.calls).toHaveLength(2);
  });

  test("classifies a context-length failure as 'Context window exceeded'", async () => {
    const { outcome, steps } = await runAgent(kind, dataset, taskWithCalls(1), { baseUrl: mock.url, model: "context-window" });
    expect(outcome).toMatchObject({ errorKind: "context_window", error: "Context window exceeded", calls: [] });
    expect(steps.at(-1)).toMatchObject({ kind: "error", errorKind: "context_window" });
  });

  test("noop behaviour answers at once with no calls", async () => {
    const { outcome } = await runAgent(kind, dataset, taskWithCalls(1), { baseUrl: mock.url, model: "noop" });
    expect(outcome).toMatchObject({ calls: [], error: null, finalAnswer: "I have completed the request." });
  });
});
