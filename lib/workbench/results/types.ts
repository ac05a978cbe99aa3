import type { RecordedRow } from "../evaluate/types";
import type { InjectedFault } from "../tools/faults";

export type { RecordedRow } from "../evaluate/types";

/** One row of a recorded results CSV (v1 format: query, function_calls, full_response, error). */
export interface RecordedResult extends RecordedRow {
  /** Thoughts / intermediate steps parsed from full_response when it parses, else null. */
  readonly steps: readonly RecordedStep[] | null;
  readonly finalOutput: string | null;
  /**
   * The model turn that gave the final answer (it made no call), when the format records it: upstream
   * 2026 traces' "Final Answer" step, or the `final_log` key Studio adds to a 2024 full_response.
   */
  readonly finalTurn?: RecordedTurn | null;
  /** The trial (0-based) this row is of, when a run's files hold several (`trial-<n>/` folders); default 0. */
  readonly trial?: number;
}

/** A model turn's text, with its measured usage when the source recorded it (an Inspect log does). */
export interface RecordedTurn {
  readonly log: string;
  readonly usage?: RecordedUsage;
}

export interface RecordedUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly latencyMs: number;
  readonly finishReason: string;
  readonly retries: number;
}

export interface RecordedStep {
  readonly tool: string;
  readonly toolInput: unknown;
  /** The model's text for this step (Thought + Action blob). */
  readonly log: string;
  /** What the agent was shown after it, as LangChain put it in the scratchpad (Python's str()); null when not recorded. */
  readonly observation?: string | null;
  /**
   * Whether this call opened a model turn (a model step comes before it). Unset: when `log` is not
   * empty (the paper's and upstream's files); Studio's own files say it (a turn may have no text, a
   * second call of the same turn has none).
   */
  readonly turn?: boolean;
  /** The model turn's usage, when the source recorded it. */
  readonly usage?: RecordedUsage;
  /**
   * The fault the run injected into this call, when the source records it (Studio's own files). A call a
   * transient fault stopped is not among the row's calls: it never ran, and the import does not replay it.
   */
  readonly fault?: InjectedFault | null;
  /** The call string, when the source records it (an Inspect tool event's `metadata.call`). */
  readonly call?: string;
}
