import type { RecordedRow } from "../evaluate/types";

export type { RecordedRow } from "../evaluate/types";

/** One row of a recorded results CSV (v1 format: query, function_calls, full_response, error). */
export interface RecordedResult extends RecordedRow {
  /** Thoughts / intermediate steps parsed from full_response when it parses, else null. */
  readonly steps: readonly RecordedStep[] | null;
  readonly finalOutput: string | null;
}

export interface RecordedStep {
  readonly tool: string;
  readonly toolInput: unknown;
  /** The model's text for this step (Thought + Action blob). */
  readonly log: string;
  /** What the agent was shown after it, as LangChain put it in the scratchpad (Python's str()); null when not recorded. */
  readonly observation?: string | null;
}
