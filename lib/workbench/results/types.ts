import type { Domain } from "../datasets/types";

/** What scoring reads of a recorded results row (the helper thread of score-files.ts sends just this). */
export interface RecordedRow {
  readonly domain: Domain;
  /** From the file name `<model>_<all|domains>_<timestamp>.csv`. */
  readonly model: string;
  readonly toolSet: "all" | "domains";
  readonly query: string;
  readonly calls: readonly string[];
  readonly error: string;
  readonly file: string;
  /** 1-based line of the row's start in the file (for error messages). */
  readonly line: number;
}

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
