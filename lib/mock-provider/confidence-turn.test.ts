// The confidence turn of every model agent against the mock provider over real HTTP (the AI SDK client in
// between): one more request after the final answer, in the same conversation, ending with the question
// and offering no tool to call; the mock's scripted reply is read into the outcome; the tokens count.
// Without the setting the requests are exactly those of a run without the feature.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "../workbench/datasets";
import type { Dataset, Task } from "../workbench/datasets/types";
import type { AgentKind, AgentStep } from "../workbench/agents/types";
import { CONFIDENCE_QUESTION } from "../workbench/agents/confidence-reply";
import { startMockProvider, type MockProvider } from "./index";
import { FAST_RETRY, runAgent } from "../test-support/mock-provider-harness";
import { testDataDir } from "../workbench/test-support/data-dir";
import { testHarness2026 } from "../workbench/test-support/agent-deps";

let dataset: Dataset;
let mock: MockProvider;
const bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v1");
  mock = await startMockProvider({ dataset, behaviour: "oracle", onRequest: (body) => void bodies.push(structuredClone(body)) });
});
afterAll(() => mock.close());

/** The mock's script (confidence.ts), written out again: task number n gets entry n mod 6. */
const SCRIPTED = [0.9, 0.75, 0.4, 1, 0.2, null];
const scriptedFor = (task: Task) => SCRIPTED[Number(task.key.split("/")[1]) % 6];

const MODES: { label: string; kind: AgentKind; tools: boolean; harness2026?: ReturnType<typeof testHarness2026> }[] = [
  { label: "react", kind: "react", tools: false },
  { label: "tools", kind: "tools", tools: true },
  { label: "workbench-2026 (native tool calls)", kind: "workbench-2026", tools: true, harness2026: testHarness2026() },
  { label: "workbench-2026 (ReAct text)", kind: "workbench-2026", tools: false, harness2026: testHarness2026({ structuredOutputs: false }) },
];

async function run(mode: (typeof MODES)[number], task: Task, askConfidence?: boolean) {
  bodies.length = 0;
  const result = await runAgent(mode.kind, dataset, task, { baseUrl: mock.url, model: "oracle", askConfidence, harness2026: mode.harness2026 });
  return { ...result, bodies: [...bodies] };
}

/** A request body as text, with the mock's per-request ids (chatcmpl-mock-<request number>) numbered from 0 within the run. */
function canonical(bodies: readonly Record<string, unknown>[]): string[] {
  const ids = new Map<string, string>();
  return bodies.map((body) => JSON.stringify(body).replace(/chatcmpl-mock-\d+/g, (id) => ids.get(id) ?? (ids.set(id, `id-${ids.size}`), `id-${ids.size - 1}`)));
}

function tokensOf(steps: readonly AgentStep[]) {
  let input = 0;
  let output = 0;
  for (const step of steps) {
    if (step.kind === "model" || step.kind === "confidence") {
      input += step.inputTokens;
      output += step.outputTokens;
    }
  }
  return { input, output };
}

function lastMessages(body: Record<string, unknown>): { role: string; content: unknown }[] {
  return (body.messages as { role: string; content: unknown }[]).slice(-2);
}

describe.each(MODES)("$label", (mode) => {
  // Tasks with one ground-truth call whose numbers cover every scripted reply, the unreadable one included.
  const tasks = () => {
    const picked = new Map<number, Task>();
    for (const task of dataset.tasks) {
      const slot = Number(task.key.split("/")[1]) % 6;
      if (task.groundTruth.length === 1 && !picked.has(slot)) picked.set(slot, task);
    }
    return [...picked.values()];
  };

  test("asks once after the final answer: the scripted confidence is read, its tokens count, nothing else changes", async () => {
    const picked = tasks();
    expect(picked).toHaveLength(6);
    for (const task of picked) {
      const off = await run(mode, task);
      const absent = off.bodies;
      const on = await run(mode, task, true);
      // The task's own requests are the same, byte for byte; one more follows.
      expect(canonical(on.bodies.slice(0, -1)), task.key).toEqual(canonical(absent));
      expect(on.bodies).toHaveLength(absent.length + 1);
      const question = on.bodies.at(-1)!;
      const [answer, asked] = lastMessages(question);
      expect(asked).toEqual({ role: "user", content: CONFIDENCE_QUESTION });
      expect(answer?.role).toBe("assistant");
      expect(question.stop).toBeUndefined();
      if (mode.tools) {
        expect(question.tool_choice).toBe("none");
        expect(question.tools).toEqual(absent.at(-1)!.tools);
      } else {
        expect(question.tools).toBeUndefined();
      }
      // Same calls, answer and verdict input; the confidence and its step come on top.
      expect(on.outcome.calls).toEqual(off.outcome.calls);
      expect(on.outcome.finalAnswer).toBe(off.outcome.finalAnswer);
      expect(on.outcome.error).toBeNull();
      expect(on.outcome.confidence).toBe(scriptedFor(task));
      expect("confidence" in off.outcome).toBe(false);
      expect(on.steps.slice(0, -1)).toHaveLength(off.steps.length);
      expect(on.steps.at(-2)?.kind).toBe("final");
      const turn = on.steps.at(-1);
      expect(turn).toMatchObject({ kind: "confidence", confidence: scriptedFor(task), errorKind: null });
      expect(off.steps.some((step) => step.kind === "confidence")).toBe(false);
      // Every turn's tokens, the confidence turn's included, are the outcome's.
      const tokens = tokensOf(on.steps);
      expect(turn?.kind === "confidence" && turn.inputTokens).toBeGreaterThan(0);
      expect([on.outcome.inputTokens, on.outcome.outputTokens]).toEqual([tokens.input, tokens.output]);
      expect(on.outcome.inputTokens).toBeGreaterThan(off.outcome.inputTokens);
    }
  });

  test("explicitly false is the same as absent", async () => {
    const task = tasks()[0]!;
    const absent = await run(mode, task);
    const off = await run(mode, task, false);
    expect(canonical(off.bodies)).toEqual(canonical(absent.bodies));
    expect(off.steps.map((step) => step.kind)).toEqual(absent.steps.map((step) => step.kind));
    expect("confidence" in off.outcome).toBe(false);
  });
});

describe("a failed confidence turn", () => {
  test("is recorded on its step and leaves the task as it was: answer kept, no error, confidence null", async () => {
    // The task's one turn is answered; the question then fails on every attempt (500).
    const failing = await startMockProvider({ dataset, behaviour: "noop", faultScript: [null, "500", "500", "500", "500"] });
    try {
      const task = dataset.tasks.find((candidate) => candidate.groundTruth.length === 1)!;
      const { outcome, steps } = await runAgent("tools", dataset, task, { baseUrl: failing.url, model: "noop", askConfidence: true, retry: FAST_RETRY });
      expect(outcome).toMatchObject({ error: null, errorKind: null, finalAnswer: "I have completed the request.", calls: [], confidence: null, retries: 3 });
      expect(steps.map((step) => step.kind)).toEqual(["model", "final", "confidence"]);
      expect(steps.at(-1)).toMatchObject({ kind: "confidence", confidence: null, errorKind: "provider", inputTokens: 0, outputTokens: 0 });
    } finally {
      await failing.close();
    }
  });
});
