import { describe, expect, test } from "vitest";
import type { Agent, AgentDeps, AgentOutcome, AgentStep } from "@/lib/workbench/agents/types";
import type { Task } from "@/lib/workbench/datasets/types";
import type { TaskVerdict } from "@/lib/workbench/evaluate/types";
import type { Sandbox } from "@/lib/workbench/tools/types";
import { executeTask, type ExecuteTaskDeps, type TaskScorer } from "./execute-task";
import { createAgent } from "@/lib/workbench/agents";
import { ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";
import { LostClaimError } from "./step-store";
import { TEST_ENGINE, TEST_MAX_STEPS } from "@/lib/workbench/test-support/agent-deps";

function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    key: "email/001", domain: "email", position: 1, text: "Delete the last email", groundTruth: [],
    baseTemplate: "t", chosenTemplate: "t", toolkits: ["email"], ...overrides,
  };
}

const okOutcome = (calls: string[]): AgentOutcome => ({
  calls, error: null, errorKind: null, inputTokens: 3, outputTokens: 4, retries: 1, finalAnswer: "done",
});

/** A scorer that records what it was asked to score and calls a task correct when no error. */
function recordingScorer() {
  const seen: { calls: readonly string[]; error: string | null }[] = [];
  const scorer: TaskScorer = {
    scoreTask(_task, calls, error): TaskVerdict {
      seen.push({ calls, error });
      return {
        correct: error === null, sideEffects: false, exactMatch: false, error,
        diagnostics: { noActions: calls.length === 0, wrongEmail: false, endDateOffByOne: false, meetingStartTime: false, contextWindow: false },
        diffVsGroundTruth: [], failedCalls: [],
      };
    },
  };
  return { scorer, seen };
}

function agentFrom(run: (deps: AgentDeps) => Promise<AgentOutcome>): Agent {
  return { kind: "oracle", run: (_task, deps) => run(deps) };
}

function memorySink() {
  const steps: AgentStep[] = [];
  return { steps, sink: { record: async (step: AgentStep) => void steps.push(step) } };
}

const sandbox = {} as Sandbox; // the fake agents below never touch it

function deps(agent: Agent, overrides: { timeoutMs?: number } = {}) {
  const { scorer, seen } = recordingScorer();
  const { sink, steps } = memorySink();
  return { seen, steps, deps: { agent, sandbox, tools: [], sink, scorer, engine: TEST_ENGINE, maxSteps: TEST_MAX_STEPS, temperature: 0, timeoutMs: overrides.timeoutMs ?? 1_000 } };
}

describe("executeTask", () => {
  test("records the agent's steps in order and scores its calls", async () => {
    const calls = ['email.delete_email.func(email_id="00000001")'];
    const agent = agentFrom(async ({ sink }) => {
      await sink.record({ kind: "final", text: "first" });
      await sink.record({ kind: "final", text: "second" });
      return okOutcome(calls);
    });
    const { seen, steps, deps: d } = deps(agent);
    const execution = await executeTask(makeTask(), d);
    expect(steps.map((step) => (step.kind === "final" ? step.text : step.kind))).toEqual(["first", "second"]);
    expect(seen).toEqual([{ calls, error: null }]);
    expect(execution.verdict.correct).toBe(true);
    expect(execution.errorKind).toBeNull();
  });

  test.each([
    { name: "an agent that honours the abort signal", honours: true },
    { name: "a stuck agent that ignores it", honours: false },
  ])("times out $name: paper wording, kind timeout, incorrect", async ({ honours }) => {
    const agent = agentFrom(
      ({ signal }) =>
        new Promise<AgentOutcome>((resolve) => {
          if (honours) signal.addEventListener("abort", () => resolve({ ...okOutcome(["x"]), error: ITERATION_LIMIT_MESSAGE, errorKind: "timeout" }));
        }),
    );
    const { seen, deps: d } = deps(agent, { timeoutMs: 50 });
    const execution = await executeTask(makeTask(), d);
    expect(execution.verdict.correct).toBe(false);
    expect(execution.errorKind).toBe("timeout");
    expect(seen[0]?.error).toBe(ITERATION_LIMIT_MESSAGE);
    // An agent that stopped by itself keeps the calls it made; a stuck one has none we can trust.
    expect(seen[0]?.calls).toEqual(honours ? ["x"] : []);
  }, 10_000);

  test("an agent that throws becomes the task's error instead of crashing the worker", async () => {
    const agent = agentFrom(async () => {
      throw new Error("socket hang up");
    });
    const { deps: d } = deps(agent);
    const execution = await executeTask(makeTask(), d);
    expect(execution.errorKind).toBe("internal");
    expect(execution.verdict.error).toBe("Agent failed: socket hang up");
    expect(execution.verdict.correct).toBe(false);
  });

  // executeTask is the one way a run's task reaches an agent (worker, in-process worker, CLI `run`):
  // what it is handed of the engine's settings and the run's step limit is what the agent gets.
  test("hands the agent the engine's settings and the run's step limit it was given", async () => {
    const seen: Pick<AgentDeps, "engine" | "maxSteps">[] = [];
    const agent = agentFrom(async ({ engine, maxSteps }) => {
      seen.push({ engine, maxSteps });
      return okOutcome([]);
    });
    const { deps: d } = deps(agent);
    await executeTask(makeTask(), { ...d, engine: { dataDir: "/srv/workbench-data" }, maxSteps: 7 });
    expect(seen).toEqual([{ engine: { dataDir: "/srv/workbench-data" }, maxSteps: 7 }]);
  });

  test("a task run without the engine's settings fails naming them, never on a default folder", async () => {
    const configured: ExecuteTaskDeps = deps(createAgent("noop")).deps;
    const { engine: _forgotten, ...unconfigured } = configured;
    const execution = await executeTask(makeTask(), unconfigured as ExecuteTaskDeps);
    expect(execution.errorKind).toBe("internal");
    expect(execution.verdict.error).toBe("Agent failed: The agent was run without the engine's settings (deps.engine.dataDir)");
  });

  test("a lost claim propagates so the worker drops the attempt without scoring", async () => {
    const agent = agentFrom(async () => {
      throw new LostClaimError("r1");
    });
    const { seen, deps: d } = deps(agent);
    await expect(executeTask(makeTask(), d)).rejects.toBeInstanceOf(LostClaimError);
    expect(seen).toEqual([]);
  });

  test("steps an abandoned agent records after its deadline are dropped", async () => {
    let lateRecord: Promise<void> | undefined;
    const agent = agentFrom(
      ({ sink }) =>
        new Promise<AgentOutcome>(() => {
          setTimeout(() => (lateRecord = sink.record({ kind: "final", text: "too late" })), 2_300);
        }),
    );
    const { steps, deps: d } = deps(agent, { timeoutMs: 20 });
    await executeTask(makeTask(), d);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await lateRecord;
    expect(steps).toEqual([]);
  }, 10_000);
});
