// Scores one task result against a ground-truth version with the v1 (paper) or v2026 rules.
// The ground truth's replay is cached per task, so scoring a whole results set replays each task's
// ground truth once.
import { diffStates } from "../sandbox/diff";
import { SCORED_TABLES, type SandboxState, type ScoredTableName, type StateDiff } from "../sandbox/types";
import type { Dataset, Task } from "../datasets/types";
import { diagnose, isExactMatch } from "./diagnostics";
import { cachedCallParser, replayCalls, type ExecuteCall, type Replay } from "./replay";
import { statesEqual } from "./compare-tables";
import type { ScorerVersion, TaskVerdict } from "./types";

export interface Evaluator {
  readonly scorer: ScorerVersion;
  /** `error` is the run error (null or "" when the agent finished). */
  scoreTask(task: Task, predictedCalls: readonly string[], error: string | null): TaskVerdict;
}

/** v2026 leaves plots out of side effects. */
const V2026_SIDE_EFFECT_TABLES: readonly ScoredTableName[] = SCORED_TABLES.filter((name) => name !== "plots");

export function createEvaluator(dataset: Dataset, scorer: ScorerVersion, execute: ExecuteCall): Evaluator {
  const initial: SandboxState = dataset.sandbox.tables;
  const groundTruth = new Map<string, Replay>();
  const parse = cachedCallParser();
  const groundTruthOf = (task: Task): Replay => {
    let replay = groundTruth.get(task.key);
    if (!replay) {
      replay = replayCalls(dataset.sandbox, task.groundTruth, execute, parse);
      groundTruth.set(task.key, replay);
    }
    return replay;
  };

  return {
    scorer,
    scoreTask(task, predictedCalls, error) {
      const expected = groundTruthOf(task).state;
      const predicted = replayCalls(dataset.sandbox, predictedCalls, execute, parse);
      const v1 = scorer === "v1";
      const reachesGroundTruth = statesEqual(predicted.state, expected, v1 ? "ordered" : "unordered");
      const changedTables = v1 ? SCORED_TABLES : V2026_SIDE_EFFECT_TABLES;
      // Compared without lowercasing: a case-only edit is a change (and a no-op update is not).
      const changed = !statesEqual(predicted.state, initial, "ordered-raw", changedTables);
      const runError = verdictError(scorer, error, predicted);
      const correct = runError === null && reachesGroundTruth;
      let diff: StateDiff | undefined;
      return {
        correct,
        // Run errors are ignored here, as in the original: an errored row can still have side effects.
        sideEffects: changed && !reachesGroundTruth,
        exactMatch: isExactMatch(predictedCalls, task.groundTruth),
        error: runError,
        diagnostics: diagnose(predictedCalls, task.groundTruth, error, correct),
        // Computed on first read: bulk scoring rarely needs it and it costs more than the verdict.
        get diffVsGroundTruth(): StateDiff {
          diff ??= reachesGroundTruth ? [] : diffStates(expected, predicted.state);
          return diff;
        },
        failedCalls: predicted.failedCalls,
      };
    },
  };
}

/** v1: any non-empty run error. v2026 also fails a result whose calls did not all run. */
function verdictError(scorer: ScorerVersion, error: string | null, predicted: Replay): string | null {
  if (error !== null && error !== "") return error;
  const failed = predicted.failedCalls[0];
  if (scorer === "v2026" && failed) return `Call ${failed.index + 1} failed: ${failed.reason}`;
  return null;
}
