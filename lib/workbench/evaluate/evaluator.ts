// Scores one task result against a ground truth under one protocol's scoring rules (2024: the paper's
// src/evals/utils.py; 2026: src/evals/metrics.py + evaluation.py at f7bed57). The ground truth's replay
// is cached per task, so scoring a whole results set replays each task's ground truth once.
import { diffStates } from "../sandbox/diff";
import type { SandboxState, StateDiff } from "../sandbox/types";
import type { Dataset, Task } from "../datasets/types";
import type { ParsedCall } from "../calls/types";
import { diagnose, isExactMatch } from "./diagnostics";
import { rememberReadOnlyCalls, replayCalls, type ExecuteCall, type Replay } from "./replay";
import { cachedCallParser } from "../calls/cached-parser";
import { statesEqual } from "./compare-tables";
import { rewriteCallText } from "./plot-end-date";
import type { ComparisonRules, ScorerVersion, TaskVerdict } from "./types";

export interface Evaluator {
  /** The ground truth scored against (kept for callers that predate protocols). */
  readonly scorer: ScorerVersion;
  readonly rules: ComparisonRules;
  /** `error` is the run error (null or "" when the agent finished). */
  scoreTask(task: Task, predictedCalls: readonly string[], error: string | null): TaskVerdict;
}

export interface EvaluatorDeps {
  readonly execute: ExecuteCall;
  readonly parse: (raw: string) => ParsedCall;
}

export function createRulesEvaluator(dataset: Dataset, rules: ComparisonRules, deps: EvaluatorDeps): Evaluator {
  const initial: SandboxState = dataset.sandbox.tables;
  const groundTruth = new Map<string, Replay>();
  // Its own cache, though deps.parse may cache too: the replay memo below is keyed by the parsed call's
  // identity, which only a cache holding every string of the evaluator's life promises (the process-wide
  // parser of protocols/definitions.ts keeps short strings only, and starts afresh when full).
  const parse = cachedCallParser(deps.parse);
  const execute = rememberReadOnlyCalls(deps.execute);
  const replay = (calls: readonly string[]) => replayCalls(dataset.sandbox, calls, execute, parse);
  // Upstream's is_correct rewrites both call lists' text before replaying them (the July amendment).
  const forCorrectness = (calls: readonly string[]) => rewriteCallText(calls, rules.callTextRewrites);
  const groundTruthOf = (task: Task): Replay => {
    let cached = groundTruth.get(task.key);
    if (!cached) {
      cached = replay(forCorrectness(task.groundTruth));
      groundTruth.set(task.key, cached);
    }
    return cached;
  };
  return {
    scorer: dataset.version,
    rules,
    scoreTask(task, predictedCalls, error) {
      const expected = groundTruthOf(task).state;
      const predicted = replay(predictedCalls);
      const rewritten = forCorrectness(predictedCalls);
      // The rewrite only touches create_plot's text, so the other tables and the failed calls are the same.
      const judged = rewritten === predictedCalls ? predicted : replay(rewritten);
      const statesMatch = statesEqual(judged.state, expected, rules.stateComparison);
      // 2026 (evaluation.py is_correct): a failed call makes the state incorrect, which the side-effect
      // test then receives as "not correct" (metrics.py compute_metrics passes correct_state).
      const failedCall = predicted.failedCalls[0];
      const correctState = statesMatch && !(rules.failedCallFailsState && failedCall);
      // Compared without lowercasing: a case-only edit is a change (and a no-op update is not).
      const changed = !statesEqual(predicted.state, initial, rules.changeComparison, rules.sideEffectTables);
      const runError = verdictError(rules, error, failedCall);
      const correct = runError === null && correctState;
      let diff: StateDiff | undefined;
      return {
        correct,
        // Run errors are ignored here, as in both originals: an errored row can still have side effects.
        sideEffects: changed && !correctState,
        exactMatch: isExactMatch(predictedCalls, task.groundTruth),
        error: runError,
        diagnostics: diagnose(predictedCalls, task.groundTruth, error, correct),
        // Computed on first read: bulk scoring rarely needs it and it costs more than the verdict.
        get diffVsGroundTruth(): StateDiff {
          diff ??= statesMatch ? [] : diffStates(expected, judged.state);
          return diff;
        },
        failedCalls: predicted.failedCalls,
      };
    },
  };
}

/** Any non-empty run error; under 2026 rules also the first failed call. */
function verdictError(rules: ComparisonRules, error: string | null, failed: Replay["failedCalls"][number] | undefined): string | null {
  if (error !== null && error !== "") return error;
  if (rules.failedCallFailsState && failed) return `Call ${failed.index + 1} failed: ${failed.reason}`;
  return null;
}
