// The scorers. `createEvaluator(dataset, scorer)` runs calls through the real tools unless a test
// passes its own executor.
import type { Dataset } from "../datasets/types";
import { executeCall } from "../tools";
import { createEvaluator as createEvaluatorWith, type Evaluator } from "./evaluator";
import type { ExecuteCall } from "./replay";
import type { ScorerVersion } from "./types";

export type { Diagnostics, ScorerVersion, Tally, TaskVerdict } from "./types";
export type { Evaluator } from "./evaluator";
export type { ExecuteCall, FailedCall, Replay } from "./replay";
export { replayCalls } from "./replay";
export {
  ACTION_COUNT_BUCKETS,
  aggregate,
  countErrorBreakdown,
  countOutcomes,
  errorBreakdown,
  tally,
  type Aggregate,
  type DiagnosedVerdict,
  type ErrorBreakdown,
  type ScoredRow,
  type TalliedOutcome,
} from "./aggregate";
export { diagnose, isExactMatch, functionNameOf, SIDE_EFFECT_TOOLS } from "./diagnostics";
export { statesEqual, tablesEqualOrdered, tablesEqualUnordered } from "./compare-tables";

export function createEvaluator(dataset: Dataset, scorer: ScorerVersion, execute: ExecuteCall = executeCall): Evaluator {
  return createEvaluatorWith(dataset, scorer, execute);
}
export { matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "./score-recorded";
export { reportTables, renderTextTable, percentOf, type TextTable } from "./report-tables";
