// Shared set-up for tests that run agents against the mock over real HTTP (no DB, no mocking of our code).
import type { Dataset, Task } from "../workbench/datasets/types";
import type { AgentDeps, AgentKind, AgentOutcome, AgentStep, Harness2026Options } from "../workbench/agents/types";
import { createAgent } from "../workbench/agents";
import { createSandbox } from "../workbench/sandbox/sandbox";
import { ALL_TOOLS, toolsForToolkits } from "../workbench/tools";
import { createModel } from "../providers/models";
import type { RetryPolicy } from "../providers/retry-fetch";
import type { ProviderKind } from "../providers/endpoints";
import type { ModelRequestParams } from "../workbench/agents/request-params";
import { TEST_ENGINE, TEST_MAX_STEPS, TEST_TEMPERATURE } from "../workbench/test-support/agent-deps";

/** Retries fast in tests. */
export const FAST_RETRY: Partial<RetryPolicy> = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 20, requestTimeoutMs: 2_000 };

export interface AgentRun {
  readonly outcome: AgentOutcome;
  readonly steps: AgentStep[];
}

export async function runAgent(
  kind: AgentKind,
  dataset: Dataset,
  task: Task,
  options: {
    baseUrl: string;
    model?: string;
    retry?: Partial<RetryPolicy>;
    signal?: AbortSignal;
    maxSteps?: number;
    allTools?: boolean;
    /** Talk to the mock through a keyed vendor client (e.g. the OpenAI SDK) instead of the keyless one. */
    keyed?: { kind: ProviderKind; apiKey: string };
    requestParams?: ModelRequestParams;
    /** What the in-process scripted model follows (baseUrl IN_PROCESS_MOCK_URL). */
    mockDataset?: Dataset;
    /** The confidence turn after the final answer (RunSettings.askConfidence). */
    askConfidence?: boolean;
    /** Required by workbench-2026. */
    harness2026?: Harness2026Options;
  },
): Promise<AgentRun> {
  const steps: AgentStep[] = [];
  const deps: AgentDeps = {
    sandbox: createSandbox(dataset.sandbox),
    tools: options.allTools ? ALL_TOOLS : toolsForToolkits(task.toolkits),
    sink: { record: async (step) => void steps.push(step) },
    engine: TEST_ENGINE,
    signal: options.signal ?? AbortSignal.timeout(60_000),
    model: createModel({ target: targetOf(options), model: options.model ?? "default", retry: options.retry ?? FAST_RETRY, mockDataset: options.mockDataset }),
    maxSteps: options.maxSteps ?? TEST_MAX_STEPS,
    temperature: TEST_TEMPERATURE,
    requestParams: options.requestParams,
    ...(options.askConfidence === undefined ? {} : { askConfidence: options.askConfidence }),
    ...(options.harness2026 ? { harness2026: options.harness2026 } : {}),
  };
  const outcome = await createAgent(kind).run(task, deps);
  return { outcome, steps };
}

function targetOf(options: { baseUrl: string; keyed?: { kind: ProviderKind; apiKey: string } }) {
  if (!options.keyed) return { endpoint: "mock", kind: "mock" as const, baseUrl: options.baseUrl };
  return { endpoint: options.keyed.kind, kind: options.keyed.kind, baseUrl: options.baseUrl, apiKey: options.keyed.apiKey, keyEnv: "TEST_API_KEY" };
}

/** A few tasks per domain that need actions, plus one that needs none. */
export function sampleTasks(dataset: Dataset, perDomain: number): Task[] {
  const byDomain = new Map<string, Task[]>();
  for (const task of dataset.tasks) {
    if (task.groundTruth.length === 0) continue;
    const list = byDomain.get(task.domain) ?? [];
    if (list.length < perDomain) byDomain.set(task.domain, [...list, task]);
  }
  const noAction = dataset.tasks.find((task) => task.groundTruth.length === 0);
  return [...[...byDomain.values()].flat(), ...(noAction ? [noAction] : [])];
}
