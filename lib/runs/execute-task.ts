// executeTask: run one agent on one task against a fresh sandbox, under a hard timeout, then score it.
// Everything is injected (agent, sandbox, sink, scorer), so a unit test runs it with an in-memory sink
// and a worker with the Postgres one. Agent failures become the task's error; they never throw out.
import type { LanguageModel } from "ai";
import type { TaskFaults } from "@/lib/workbench/tools/faults";
import type { Agent, AgentOutcome, AgentStep, EngineSettings, Harness2026Options, StepSink } from "@/lib/workbench/agents/types";
import type { Task } from "@/lib/workbench/datasets/types";
import type { TaskVerdict } from "@/lib/workbench/evaluate/types";
import type { Sandbox, Tool } from "@/lib/workbench/tools/types";
import type { Protocol } from "@/lib/workbench/protocols/types";
import type { ModelRequestParams } from "@/lib/workbench/agents/request-params";
import { LostClaimError } from "./step-store";
import { errorMessage } from "@/lib/errors";
import { ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";

const STUCK_AGENT_GRACE_MS = 2_000;

export interface TaskScorer {
  scoreTask(task: Task, calls: readonly string[], error: string | null): TaskVerdict;
}

export interface ExecuteTaskDeps {
  readonly agent: Agent;
  readonly sandbox: Sandbox;
  readonly tools: readonly Tool[];
  /** The run's protocol: whose tools execute calls (default 2024). */
  readonly protocol?: Protocol;
  readonly harness2026?: Harness2026Options;
  readonly sink: StepSink;
  /** The configuration the engine is handed (lib/runs/engine-settings.ts; RunContext.engine in a worker). */
  readonly engine: EngineSettings;
  readonly scorer: TaskScorer;
  readonly timeoutMs: number;
  /** Aborted when the worker shuts down. */
  readonly signal?: AbortSignal;
  readonly model?: LanguageModel;
  /** The run's RunSettings.temperature. */
  readonly temperature: number;
  readonly requestParams?: ModelRequestParams;
  /** The run's RunSettings.maxSteps. */
  readonly maxSteps: number;
  readonly recordedCalls?: readonly string[];
  /** Faults to inject into this task's tool calls (RunSettings faultRate/faultSeed); absent on a clean run. */
  readonly faults?: TaskFaults;
  /** RunSettings.askConfidence: a model agent asks for its confidence after a final answer. */
  readonly askConfidence?: boolean;
}

export interface TaskExecution {
  readonly outcome: AgentOutcome;
  /** The agent's RunErrorKind, or "internal" when the agent threw instead of reporting. */
  readonly errorKind: string | null;
  readonly verdict: TaskVerdict;
  readonly latencyMs: number;
}

export async function executeTask(task: Task, deps: ExecuteTaskDeps): Promise<TaskExecution> {
  const started = performance.now();
  const timeout = new AbortController();
  const signal = deps.signal ? AbortSignal.any([deps.signal, timeout.signal]) : timeout.signal;
  const sink = closableSink(deps.sink);
  let timer: NodeJS.Timeout | undefined;
  // On the deadline the agent is aborted and should return its own outcome (with the calls it made);
  // the grace period after it makes sure a stuck agent cannot hold the worker slot forever.
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      timeout.abort(new Error(ITERATION_LIMIT_MESSAGE));
      timer = setTimeout(() => resolve("timeout"), STUCK_AGENT_GRACE_MS);
    }, deps.timeoutMs);
  });
  const agentRun = deps.agent.run(task, {
    sandbox: deps.sandbox,
    tools: deps.tools,
    protocol: deps.protocol,
    harness2026: deps.harness2026,
    sink,
    engine: deps.engine,
    signal,
    model: deps.model,
    temperature: deps.temperature,
    requestParams: deps.requestParams,
    maxSteps: deps.maxSteps,
    recordedCalls: deps.recordedCalls,
    faults: deps.faults,
    askConfidence: deps.askConfidence,
  });
  let outcome: AgentOutcome;
  let errorKind: string | null;
  try {
    const first = await Promise.race([agentRun, deadline]);
    outcome = first === "timeout" ? timedOutOutcome() : first;
    errorKind = outcome.errorKind;
  } catch (error) {
    if (error instanceof LostClaimError) throw error;
    outcome = timeout.signal.aborted ? timedOutOutcome() : crashedOutcome(error);
    errorKind = timeout.signal.aborted ? "timeout" : "internal";
  } finally {
    clearTimeout(timer);
    sink.close();
  }
  agentRun.catch(() => undefined); // a timed-out agent may still reject later; nobody is listening
  const verdict = deps.scorer.scoreTask(task, outcome.calls, outcome.error);
  return { outcome, errorKind, verdict, latencyMs: performance.now() - started };
}

function timedOutOutcome(): AgentOutcome {
  // Calls made before the deadline are not known here when the agent never returned; like the
  // paper's agent, a task that hits the limit is scored with its error (incorrect) anyway.
  return { calls: [], error: ITERATION_LIMIT_MESSAGE, errorKind: "timeout", inputTokens: 0, outputTokens: 0, retries: 0, finalAnswer: null };
}

function crashedOutcome(error: unknown): AgentOutcome {
  const message = errorMessage(error);
  return { calls: [], error: `Agent failed: ${message}`, errorKind: null, inputTokens: 0, outputTokens: 0, retries: 0, finalAnswer: null };
}

/** After the task ends, a late step from an abandoned agent is dropped instead of written. */
function closableSink(inner: StepSink): StepSink & { close(): void } {
  let closed = false;
  return {
    async record(step: AgentStep) {
      if (closed) return;
      await inner.record(step);
    },
    close() {
      closed = true;
    },
  };
}
