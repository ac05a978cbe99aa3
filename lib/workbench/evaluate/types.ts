import type { StateDiff } from "../sandbox/types";

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
