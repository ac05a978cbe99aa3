// A result's verdict as Inspect scores: `correct` and `exact_match` as C / I (Inspect's CORRECT /
// INCORRECT, which its accuracy metric reads as 1 / 0), `side_effects` as 1 / 0 (its mean is the
// side-effect rate). The failed task's primary cause goes in the explanation when known.
import type { ExportResult } from "../run-export";

/**
 * The primary cause of a failed task (a short label such as "wrong arguments"), from the failure
 * analysis when one is available; null when unknown. Optional: the export works without it.
 */
export type PrimaryCauseHook = (result: ExportResult) => string | null;

const CORRECT = "C";
const INCORRECT = "I";

export function sampleScores(result: ExportResult, primaryCause?: PrimaryCauseHook) {
  const cause = result.correct ? null : (primaryCause?.(result) ?? null);
  const explanation = cause ?? result.error ?? null;
  return {
    correct: {
      value: result.correct ? CORRECT : INCORRECT, answer: result.finalAnswer, explanation, history: [],
      metadata: { primary_cause: cause, error_kind: result.errorKind },
    },
    side_effects: { value: result.sideEffects ? 1 : 0, answer: null, explanation: null, history: [], metadata: null },
    exact_match: { value: result.exactMatch ? CORRECT : INCORRECT, answer: null, explanation: null, history: [], metadata: null },
  };
}
