// Shared by the workbench-2026 tests: the v2026 data, an email task, and one agent run against a
// scripted model with the 2026 email tools (no network; the real generateText in between).
import path from "node:path";
import { loadDataset, resolveDataDir } from "../datasets";
import type { Dataset, Task } from "../datasets/types";
import type { Tool } from "../tools/types";
import { createSandbox } from "../sandbox/sandbox";
import { PROTOCOLS } from "../protocols";
import { createAgent } from "../agents";
import type { AgentOutcome, AgentStep, Harness2026Options } from "../agents/types";
import { scriptedModel, type ScriptedTurn } from "../agents/scripted-model";
import { TEST_ENGINE, TEST_MAX_STEPS, TEST_TEMPERATURE, testHarness2026 } from "./agent-deps";

const DATA_DIR = resolveDataDir(process.env.WORKBENCH_DATA_DIR, path.resolve(import.meta.dirname, "../../.."));

export interface Fixture2026 {
  readonly dataset: Dataset;
  /** A v2026 email task whose answer deletes an email. */
  readonly task: Task;
}

export async function loadFixture2026(): Promise<Fixture2026> {
  const dataset = await loadDataset(DATA_DIR, "v2026");
  const task = dataset.tasks.find((candidate) => candidate.groundTruth[0]?.startsWith("email.delete_email"));
  if (!task) throw new Error("no v2026 delete_email task");
  return { dataset, task };
}

export async function runWorkbench2026(
  { dataset, task }: Fixture2026,
  turns: readonly ScriptedTurn[],
  options: { finalText?: string; harness2026?: Partial<Harness2026Options>; maxSteps?: number; modelId?: string; task?: Task; tools?: readonly Tool[] } = {},
) {
  const steps: AgentStep[] = [];
  const model = scriptedModel(turns, options.finalText ?? "All done.", options.modelId);
  const outcome: AgentOutcome = await createAgent("workbench-2026").run(options.task ?? task, {
    sandbox: createSandbox(dataset.sandbox),
    tools: options.tools ?? PROTOCOLS["2026"].tools.forToolkits(["email"]),
    protocol: PROTOCOLS["2026"],
    harness2026: testHarness2026(options.harness2026),
    sink: { record: async (step) => void steps.push(step) },
    engine: TEST_ENGINE,
    signal: new AbortController().signal,
    model,
    maxSteps: options.maxSteps ?? TEST_MAX_STEPS,
    temperature: TEST_TEMPERATURE,
  });
  return { outcome, steps, requests: model.doGenerateCalls };
}
