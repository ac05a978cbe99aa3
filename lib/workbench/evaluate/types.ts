import type { Domain } from "../datasets/types";
import type { ScoredTableName, StateDiff } from "../sandbox/types";
import type { CallTextRewrite } from "./plot-end-date";

export type ScorerVersion = "v1" | "v2026";

/** Diagnostics of a wrong answer (paper Fig. 6); all false on a correct one. */
export interface Diagnostics {
  readonly noActions: boolean;
  readonly wrongEmail: boolean;
  readonly endDateOffByOne: boolean;
  readonly meetingStartTime: boolean;
  readonly contextWindow: boolean;
}

/** The verdict on one task result. */
export interface TaskVerdict {
  readonly correct: boolean;
  readonly sideEffects: boolean;
  readonly exactMatch: boolean;
  /** The run error that made the task incorrect, if any. */
  readonly error: string | null;
  readonly diagnostics: Diagnostics;
  /** Predicted final state vs ground-truth final state (empty when equal). */
  readonly diffVsGroundTruth: StateDiff;
  /** Predicted calls that failed to execute (skipped in replay), with the reason. */
  readonly failedCalls: readonly { readonly index: number; readonly raw: string; readonly reason: string }[];
}

export interface Tally {
  readonly n: number;
  readonly correct: number;
  readonly sideEffects: number;
  readonly exactMatch: number;
  readonly errors: number;
  readonly accuracy: number; // correct / n (0 when n = 0)
  readonly sideEffectRate: number;
}

/**
 * How the evaluator compares states: the part of a protocol's scoring rules it applies (the protocol
 * layer, above this one, adds which revision they belong to).
 */
export interface ComparisonRules {
  /** Correctness: "ordered" is pandas DataFrame.equals (rows, order, labels); "unordered" compares row multisets with columns in order. */
  readonly stateComparison: "ordered" | "unordered";
  /** Tables whose change counts towards side effects. */
  readonly sideEffectTables: readonly ScoredTableName[];
  /** How "the state changed" is decided (always without lowercasing). */
  readonly changeComparison: "ordered-raw" | "unordered-raw";
  /** A predicted call that failed makes the state incorrect (2026): it fails the task and a change counts as a side effect. */
  readonly failedCallFailsState: boolean;
  /** Rewrites of the call text applied to predicted and ground-truth calls before correctness is judged (2026-07). */
  readonly callTextRewrites: readonly CallTextRewrite[];
}

/** What scoring reads of a recorded results row (the helper thread of results/score-files.ts sends just this). */
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
