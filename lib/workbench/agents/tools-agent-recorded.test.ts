// The tools agent stores what the model sent: call strings with the arguments in the model's order,
// and calls it rejected (unknown keyword or tool) as predicted calls. Replaying the paper's recorded
// Mixtral / Llama calls through it (a scripted model sends each recorded call as a native tool call)
// must store the recorded strings, so v1 exact match keeps the original verdict. Before the fix these
// five tasks flipped to an exact match: their rejected create_plot calls were dropped.
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "../datasets";
import type { Dataset, Task } from "../datasets/types";
import { matchResultsToTasks, type Evaluator } from "../evaluate";
import { loadRecordedResultsFile, type RecordedResult } from "../results";
import { parseCall } from "../calls";
import { createSandbox } from "../sandbox/sandbox";
import { toolsForToolkits } from "../tools";
import { createAgent, toProviderToolName, type AgentOutcome } from "./index";
import { scriptedModel, type ScriptedToolCall } from "./scripted-model";
import { createProtocolEvaluator } from "../protocols";
import { testDataDir } from "../test-support/data-dir";
import { TEST_ENGINE, TEST_MAX_STEPS, TEST_TEMPERATURE } from "../test-support/agent-deps";

const DATA_DIR = testDataDir();
const RESULTS = path.join(DATA_DIR, "v1/data/results/analytics");
const FLIPPED = [
  ["llama2-70b_domains_2024-03-23_18-36-29.csv", "analytics/096"],
  ["llama2-70b_domains_2024-03-23_18-36-29.csv", "analytics/113"],
  ["mistral-8x7B_domains_2024-03-23_20-08-02.csv", "analytics/111"],
  ["mistral-8x7B_domains_2024-03-23_20-08-02.csv", "analytics/115"],
  ["mistral-8x7B_domains_2024-03-23_20-08-02.csv", "analytics/117"],
] as const;

let dataset: Dataset;
let evaluator: Evaluator;

beforeAll(async () => {
  dataset = await loadDataset(DATA_DIR, "v1");
  evaluator = createProtocolEvaluator({ dataset: dataset, protocol: "2024" });
});

async function recordedRows(file: string): Promise<{ row: RecordedResult; task: Task }[]> {
  const rows = await loadRecordedResultsFile(path.join(RESULTS, file), "analytics");
  const tasks = matchResultsToTasks(rows, dataset.tasks, dataset);
  return rows.map((row, index) => ({ row, task: tasks[index] as Task }));
}

/** The recorded calls as one native tool call per turn, arguments in the recorded order. */
function asToolCalls(calls: readonly string[]): ScriptedToolCall[][] {
  return calls.map((raw) => {
    const parsed = parseCall(raw);
    if (!parsed.ok) throw new Error(`unparseable recorded call ${raw}`);
    return [{ toolName: toProviderToolName(parsed.call.tool), input: JSON.stringify(parsed.call.args) }];
  });
}

function runTools(task: Task, turns: readonly ScriptedToolCall[][]): Promise<AgentOutcome> {
  return createAgent("tools").run(task, {
    sandbox: createSandbox(dataset.sandbox),
    tools: toolsForToolkits(task.toolkits),
    sink: { record: async () => undefined },
    engine: TEST_ENGINE,
    signal: new AbortController().signal,
    model: scriptedModel(turns),
    maxSteps: TEST_MAX_STEPS,
    temperature: TEST_TEMPERATURE,
  });
}

describe("tools agent replaying recorded Mixtral / Llama calls", () => {
  test.each(FLIPPED)("%s %s keeps the recorded calls and the original exact-match verdict", async (file, key) => {
    const found = (await recordedRows(file)).find(({ task }) => task.key === key);
    if (!found) throw new Error(`${file} has no row for ${key}`);
    const { row, task } = found;
    const outcome = await runTools(task, asToolCalls(row.calls));
    expect(outcome.calls).toEqual(row.calls);
    const original = evaluator.scoreTask(task, row.calls, row.error || null);
    expect(original.exactMatch).toBe(false);
    expect(evaluator.scoreTask(task, outcome.calls, outcome.error).exactMatch).toBe(original.exactMatch);
  });

  test("arguments keep the model's order; an unknown keyword and an unknown tool are stored as calls", async () => {
    const task = dataset.tasks.find((candidate) => candidate.domain === "analytics") as Task;
    const outcome = await runTools(task, [
      [{ toolName: "analytics__total_visits_count", input: '{"time_max": "2023-11-30", "time_min": "2023-11-01"}' }],
      [{ toolName: "analytics__create_plot", input: '{"time_min": "2023-11-01", "colour": "red"}' }],
      [{ toolName: "analytics__make_chart", input: '{"kind": "pie"}' }],
      [{ toolName: "analytics__create_plot", input: '{"time_min": "2023' }],
    ]);
    expect(outcome.calls).toEqual([
      'analytics.total_visits_count.func(time_max="2023-11-30", time_min="2023-11-01")',
      'analytics.create_plot.func(time_min="2023-11-01", colour="red")',
      'analytics.make_chart.func(kind="pie")',
    ]);
  });
});
