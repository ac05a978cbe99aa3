// The scorers. `createEvaluator(dataset, scorer)` runs calls through the real tools unless a test
// passes its own executor; `createProtocolEvaluator` (../protocols) picks protocol and revision.
import type { Dataset } from "../datasets/types";
import { createProtocolEvaluator, protocolForGroundTruth } from "../protocols";
import type { Evaluator } from "./evaluator";
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

/**
 * The ground truth's own protocol at its latest revision: "v1" scores as the 2024 paper, "v2026" as
 * WorkBench Revisited. Use `createProtocolEvaluator` to choose protocol and revision explicitly.
 */
export function createEvaluator(dataset: Dataset, scorer: ScorerVersion, execute?: ExecuteCall): Evaluator {
  return createProtocolEvaluator({ protocol: protocolForGroundTruth(scorer), dataset, execute });
}
export { matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "./score-recorded";
export { reportTables, renderTextTable, percentOf, type TextTable } from "./report-tables";
