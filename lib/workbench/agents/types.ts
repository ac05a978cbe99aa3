import type { LanguageModel } from "ai";
import type { Task } from "../datasets/types";
import type { Sandbox, Tool } from "../tools/types";
import type { StateDiff } from "../sandbox/types";
import type { Protocol } from "../protocols/types";
import type { ModelRequestParams } from "./request-params";
import type { InjectedFault, TaskFaults } from "../tools/faults";

export const AGENT_KINDS = ["react", "tools", "workbench-2026", "oracle", "oracle-retry", "noop", "replay"] as const;
/** The agents that call a model (need a provider and a model id). */
export const MODEL_AGENT_KINDS: readonly AgentKind[] = ["react", "tools", "workbench-2026"];
export type AgentKind = (typeof AGENT_KINDS)[number];
/** The agents that end a model turn with a stop sequence (ReAct's "Observation:"); the others send none. */
export const STOP_SEQUENCE_AGENT_KINDS: readonly AgentKind[] = ["react"];

/**
 * How a task ended badly; recorded as the task's error (and makes it incorrect). `format`: a ReAct
 * reply whose Action blob could not be parsed (LangChain raised OutputParserException; v1 wording).
 * `tool_error`: a tool raised, which ends the task in the 2026 harness (workbench-2026).
 */
export type RunErrorKind = "context_window" | "iteration_limit" | "timeout" | "provider" | "cancelled" | "format" | "tool_error";

/** One event of a trace, persisted as a Step. A discriminated union, rendered per kind. */
export type AgentStep =
  | {
      readonly kind: "model";
      readonly text: string;
      readonly inputTokens: number;
      readonly outputTokens: number;
      readonly latencyMs: number;
      readonly finishReason: string;
      /** Provider calls retried (429/5xx/timeouts) before this turn succeeded. */
      readonly retries: number;
    }
  | {
      readonly kind: "tool";
      readonly tool: string;
      readonly args: Readonly<Record<string, unknown>>;
      /** The call string as recorded in results, e.g. `email.delete_email.func(email_id="00000479")`. */
      readonly call: string;
      readonly observation: string;
      /** False when the call raised (the v1 replay skips it). */
      readonly ok: boolean;
      /** What this call changed in the sandbox (empty when nothing). */
      readonly diff: StateDiff;
      /** The fault the run's schedule injected into this call (tools/faults.ts); absent on a clean call. */
      readonly fault?: InjectedFault;
      /**
       * The model's arguments as it sent them (JSON types kept) when they differ from `args`, e.g. a number
       * the tool refused ({time_min: 12345}; `args` and the call string hold "12345"). Absent otherwise.
       */
      readonly arguments?: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: "final"; readonly text: string }
  | {
      /**
       * The confidence turn (confidence.ts), after the final step: a model turn of its own kind, so that
       * what reads the task's turns (the final answer's turn, exports) is as without it. `text`: the
       * reply whole, or the error when the call failed (`errorKind` set, no tokens).
       */
      readonly kind: "confidence";
      readonly text: string;
      /** What parseConfidence read from the reply: in [0, 1], or null (no number in range, or the call failed). */
      readonly confidence: number | null;
      readonly errorKind: RunErrorKind | null;
      readonly inputTokens: number;
      readonly outputTokens: number;
      readonly latencyMs: number;
      readonly finishReason: string;
      readonly retries: number;
    }
  | { readonly kind: "error"; readonly errorKind: RunErrorKind | "format"; readonly message: string };

/**
 * inference.py generate_results flags of the 2026 harness, as the run resolved them (their defaults are
 * RunSettings', lib/settings/run-settings.ts: the engine is handed values, it keeps no defaults of its own).
 */
export interface Harness2026Options {
  /** Native tool calling (run_agent_structured); false: the ReAct text loop (run_agent). */
  readonly structuredOutputs: boolean;
  /** Appends ACT_WITHOUT_CONFIRMATION_SUFFIX to the prompt. */
  readonly actWithoutConfirmation: boolean;
  /** tool_selection: the run's tool set ("domains" reads the task's domains column as upstream does). */
  readonly toolSelection: "all" | "domains";
  /** max_execution_time: checked before each model call, never mid-request. */
  readonly timeLimitMs: number;
}

/**
 * What the engine is told of the app's configuration, since it reads no environment itself. Every caller
 * that runs an agent hands it in (lib/runs/engine-settings.ts builds it from lib/env); an agent run
 * without it fails (EngineSettingsMissingError) instead of falling back to a default folder.
 */
export interface EngineSettings {
  /** The data folder (WORKBENCH_DATA_DIR, resolved): workbench-2026 reads upstream's tool sources under it. */
  readonly dataDir: string;
}

/** Where an agent reports steps as they happen (Postgres in a worker, an array in a test). */
export interface StepSink {
  record(step: AgentStep): Promise<void>;
}

/** Everything an agent needs, injected. */
export interface AgentDeps {
  readonly sandbox: Sandbox;
  /** The tools offered (tool set `all` or `domains`). */
  readonly tools: readonly Tool[];
  /** Whose tools execute the calls and whose parser reads call strings (default: the 2024 protocol). */
  readonly protocol?: Protocol;
  readonly sink: StepSink;
  /** The app's configuration the engine needs (the data folder). */
  readonly engine: EngineSettings;
  /** Aborted on the per-task timeout or on cancel. */
  readonly signal: AbortSignal;
  /** Required by `react` and `tools`. */
  readonly model?: LanguageModel;
  /** The run's RunSettings.temperature; required by the agents that call a model unless `requestParams` are given. */
  readonly temperature?: number;
  /**
   * What the model requests carry (request-params.ts), resolved once per run; when absent
   * the model turn asks the capability table with `temperature` and the model's id.
   */
  readonly requestParams?: ModelRequestParams;
  /** Max model steps: the run's RunSettings.maxSteps. Required by the agents that call a model. */
  readonly maxSteps?: number;
  /** Required by `workbench-2026`: the upstream run settings, resolved by RunSettings. */
  readonly harness2026?: Harness2026Options;
  /** For `replay`: the recorded call strings of this task. */
  readonly recordedCalls?: readonly string[];
  /** Faults to inject into this task's tool calls (a run setting); absent on a clean run. */
  readonly faults?: TaskFaults;
  /** RunSettings.askConfidence: the model agents ask for a confidence after a final answer (confidence.ts). */
  readonly askConfidence?: boolean;
}

export interface AgentOutcome {
  /** Every call the agent made, as call strings, in order (what the scorer replays). */
  readonly calls: readonly string[];
  /** The task's run error, if any (v1 wording where one exists, e.g. "Context window exceeded"). */
  readonly error: string | null;
  readonly errorKind: RunErrorKind | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly retries: number;
  readonly finalAnswer: string | null;
  /**
   * The confidence turn's reading, in [0, 1], or null when the reply held none or the turn failed.
   * Absent when no confidence was asked for (the setting is off, or the task ended without a final answer).
   */
  readonly confidence?: number | null;
}

export interface Agent {
  readonly kind: AgentKind;
  run(task: Task, deps: AgentDeps): Promise<AgentOutcome>;
}
