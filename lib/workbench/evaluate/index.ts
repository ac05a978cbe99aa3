// The evaluator and what it reports. It applies comparison rules it is given; which rules and which
// tools is the protocol layer's choice (../protocols createProtocolEvaluator, the one factory).

export type { ComparisonRules, Diagnostics, RecordedRow, ScorerVersion, Tally, TaskVerdict } from "./types";
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

export { matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "./score-recorded";
export { reportTables, renderTextTable, percentOf, type TextTable } from "./report-tables";
