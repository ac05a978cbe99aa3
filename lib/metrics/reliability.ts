/**
 * The reliability profile's measures (docs/reliability-profile.md), after HAL's dimensions (Rabanser et
 * al., 2026): consistency over repeated trials, robustness to paraphrased instructions, safety weighed
 * by severity, and predictability of the agent's own confidence. Fault robustness has its own module
 * (robustness.ts). Pure: rows come from lib/queries.
 */
import { HARM_CLASSES, HARM_WEIGHTS, IRREVERSIBLE_HARMS, type HarmClass } from "@/lib/workbench/analysis/harm-severity";
import { mcnemarExactP, pairedDifferenceInterval, type PairedCounts } from "./mcnemar";
import { trialConsistency, type TrialConsistency } from "./trial-consistency";
import { wilsonInterval, type Interval } from "./wilson";

// ── Consistency over trials ─────────────────────────────────────────────────────────────────────────

/** One scored (task, trial): its verdict, the tool calls it made (in order) and what it cost. */
export interface TrialRun {
  readonly taskId: string;
  readonly trial: number;
  readonly correct: boolean;
  readonly calls: readonly string[];
  readonly tokens: number;
  readonly costUsd: number;
}

export interface TrialStability extends TrialConsistency {
  /** Share of tasks with one verdict across all k trials (all right or all wrong). */
  readonly outcomeConsistency: number;
  /** Share of consecutive trial pairs (t, t + 1) of a task whose verdicts differ. */
  readonly flipRate: number;
  /** Share of tasks whose k trials made the same tool-call sequence. */
  readonly trajectoryConsistency: number;
  /** Mean over tasks of the coefficient of variation (sd / mean) of tokens across trials; null with no tokens. */
  readonly tokenSpread: number | null;
  /** The same for cost; null when nothing was priced. */
  readonly costSpread: number | null;
}

function coefficientOfVariation(values: readonly number[]): number | null {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (!(mean > 0)) return null;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

function meanOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}

/** Consistency over the tasks whose k trials are all scored; null below two trials. */
export function trialStability(runs: readonly TrialRun[], k: number): TrialStability | null {
  const consistency = trialConsistency(runs, k);
  if (!consistency) return null;
  const byTask = new Map<string, TrialRun[]>();
  for (const run of runs) byTask.set(run.taskId, [...(byTask.get(run.taskId) ?? []), run]);
  const complete = [...byTask.values()].filter((trials) => trials.length >= k).map((trials) => [...trials].sort((a, b) => a.trial - b.trial));
  const share = (count: number, whole: number) => (whole === 0 ? 0 : count / whole);
  let flips = 0;
  let pairs = 0;
  for (const trials of complete) {
    for (let t = 1; t < trials.length; t++) {
      pairs += 1;
      if ((trials[t] as TrialRun).correct !== (trials[t - 1] as TrialRun).correct) flips += 1;
    }
  }
  const sequence = (run: TrialRun) => JSON.stringify(run.calls);
  return {
    ...consistency,
    outcomeConsistency: share(complete.filter((trials) => new Set(trials.map((run) => run.correct)).size === 1).length, complete.length),
    flipRate: share(flips, pairs),
    trajectoryConsistency: share(complete.filter((trials) => new Set(trials.map(sequence)).size === 1).length, complete.length),
    tokenSpread: meanOf(complete.map((trials) => coefficientOfVariation(trials.map((run) => run.tokens)))),
    costSpread: meanOf(complete.map((trials) => coefficientOfVariation(trials.map((run) => run.costUsd)))),
  };
}

// ── Robustness to paraphrase ────────────────────────────────────────────────────────────────────────

/** One scored (task, trial) in one phrasing. */
export interface PhrasedVerdict {
  readonly taskKey: string;
  readonly trial: number;
  readonly phrasing: string;
  readonly correct: boolean;
}

export interface PhrasingAccuracy {
  readonly phrasing: string;
  readonly scored: number;
  readonly correct: number;
  readonly accuracy: number;
  readonly interval: Interval | null;
}

/** A phrasing against the original wording on the (task, trial) pairs both scored: A = original, B = it. */
export interface PhrasingDrop extends PairedCounts {
  readonly phrasing: string;
  readonly pairs: number;
  /** accuracy(original) − accuracy(phrasing) on the pairs: positive when the rewording costs accuracy. */
  readonly drop: number;
  /** Newcombe's paired interval for the drop. */
  readonly interval: Interval | null;
  readonly pValue: number;
}

export interface ParaphraseRobustness {
  readonly byPhrasing: readonly PhrasingAccuracy[];
  readonly drops: readonly PhrasingDrop[];
  /** Tasks run in every phrasing seen (all their trials scored in each). */
  readonly tasksInEveryPhrasing: number;
  /** Share of those whose every phrasing run (every trial) is correct. */
  readonly allWordingsRight: number;
}

export function paraphraseRobustness(verdicts: readonly PhrasedVerdict[], original = "original"): ParaphraseRobustness {
  const phrasings = [...new Set(verdicts.map((verdict) => verdict.phrasing))].sort((a, b) => (a === original ? -1 : b === original ? 1 : a.localeCompare(b)));
  const byPhrasing = phrasings.map((phrasing) => {
    const mine = verdicts.filter((verdict) => verdict.phrasing === phrasing);
    const correct = mine.filter((verdict) => verdict.correct).length;
    return { phrasing, scored: mine.length, correct, accuracy: mine.length === 0 ? 0 : correct / mine.length, interval: wilsonInterval(correct, mine.length) };
  });
  const cell = (verdict: PhrasedVerdict) => `${verdict.taskKey}\u0000${verdict.trial}`;
  const originals = new Map(verdicts.filter((verdict) => verdict.phrasing === original).map((verdict) => [cell(verdict), verdict.correct] as const));
  const drops = phrasings
    .filter((phrasing) => phrasing !== original)
    .map((phrasing) => {
      let bothCorrect = 0, onlyA = 0, onlyB = 0, bothWrong = 0;
      for (const verdict of verdicts) {
        if (verdict.phrasing !== phrasing) continue;
        const a = originals.get(cell(verdict));
        if (a === undefined) continue;
        if (a && verdict.correct) bothCorrect += 1;
        else if (a) onlyA += 1;
        else if (verdict.correct) onlyB += 1;
        else bothWrong += 1;
      }
      const counts = { bothCorrect, onlyA, onlyB, bothWrong };
      const pairs = bothCorrect + onlyA + onlyB + bothWrong;
      const difference = pairedDifferenceInterval(counts); // of B − A
      return {
        phrasing, ...counts, pairs,
        drop: pairs === 0 ? 0 : (onlyA - onlyB) / pairs,
        interval: difference ? { low: -difference.high, high: -difference.low } : null,
        pValue: mcnemarExactP(onlyA, onlyB),
      };
    });
  const byTask = new Map<string, Map<string, boolean>>();
  for (const verdict of verdicts) {
    const seen = byTask.get(verdict.taskKey) ?? new Map<string, boolean>();
    seen.set(verdict.phrasing, (seen.get(verdict.phrasing) ?? true) && verdict.correct);
    byTask.set(verdict.taskKey, seen);
  }
  const everywhere = [...byTask.values()].filter((seen) => phrasings.every((phrasing) => seen.has(phrasing)));
  return {
    byPhrasing,
    drops,
    tasksInEveryPhrasing: everywhere.length,
    allWordingsRight: everywhere.length === 0 ? 0 : everywhere.filter((seen) => [...seen.values()].every(Boolean)).length / everywhere.length,
  };
}

// ── Safety by severity ──────────────────────────────────────────────────────────────────────────────

/** One scored answer: its verdict and the heaviest class of harm it did (harm-severity.ts), or null. */
export interface JudgedHarm {
  readonly correct: boolean;
  readonly severity: HarmClass | null;
}

export interface HarmProfile {
  readonly answers: number;
  readonly wrong: number;
  /** Answers by their heaviest harm. */
  readonly byClass: Readonly<Record<HarmClass, number>>;
  /** Answers that did any harm, over all answers (the plain side-effect rate, by the diff). */
  readonly harmRate: number;
  /** Σ weight(heaviest harm) over all answers, divided by the answers: 1 would be every answer sending a wrong email. */
  readonly weightedHarmRate: number;
  /** Share of wrong answers whose heaviest harm cannot be undone (sent, destroyed). */
  readonly irreversibleShareOfWrong: number;
}

export function harmProfile(answers: readonly JudgedHarm[]): HarmProfile {
  const byClass = Object.fromEntries(HARM_CLASSES.map((harmClass) => [harmClass, 0])) as Record<HarmClass, number>;
  let weighted = 0;
  for (const answer of answers) {
    if (!answer.severity) continue;
    byClass[answer.severity] += 1;
    weighted += HARM_WEIGHTS[answer.severity];
  }
  const wrong = answers.filter((answer) => !answer.correct);
  const harmed = HARM_CLASSES.reduce((sum, harmClass) => sum + byClass[harmClass], 0);
  const irreversible = wrong.filter((answer) => answer.severity !== null && IRREVERSIBLE_HARMS.includes(answer.severity)).length;
  return {
    answers: answers.length,
    wrong: wrong.length,
    byClass,
    harmRate: answers.length === 0 ? 0 : harmed / answers.length,
    weightedHarmRate: answers.length === 0 ? 0 : weighted / answers.length,
    irreversibleShareOfWrong: wrong.length === 0 ? 0 : irreversible / wrong.length,
  };
}

// ── Predictability ──────────────────────────────────────────────────────────────────────────────────

/** The agent's stated confidence (0–1) that it did the task right, and the verdict. */
export interface StatedConfidence {
  readonly confidence: number;
  readonly correct: boolean;
}

export interface CalibrationBin {
  /** [low, high) of confidence; the last bin includes 1. */
  readonly low: number;
  readonly high: number;
  readonly count: number;
  readonly meanConfidence: number;
  readonly accuracy: number;
}

export interface Calibration {
  readonly answers: number;
  /** Mean squared difference between confidence and the verdict (0 best, 0.25 for a constant ½). */
  readonly brier: number;
  /** Probability that a right answer's confidence exceeds a wrong one's (ties count ½); null without both. */
  readonly auroc: number | null;
  /** Expected calibration error over the bins: Σ count/n · |accuracy − mean confidence|. */
  readonly ece: number;
  readonly bins: readonly CalibrationBin[];
}

/** Mann–Whitney form of the AUROC, with mid-ranks for tied confidences. */
function auroc(points: readonly StatedConfidence[]): number | null {
  const positives = points.filter((point) => point.correct).length;
  const negatives = points.length - positives;
  if (positives === 0 || negatives === 0) return null;
  const sorted = [...points].sort((a, b) => a.confidence - b.confidence);
  let rankSum = 0;
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && (sorted[end + 1] as StatedConfidence).confidence === (sorted[start] as StatedConfidence).confidence) end += 1;
    const midRank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) if ((sorted[i] as StatedConfidence).correct) rankSum += midRank;
    start = end + 1;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function calibration(points: readonly StatedConfidence[], binCount = 10): Calibration {
  for (const point of points) {
    if (!(point.confidence >= 0 && point.confidence <= 1)) throw new RangeError(`a confidence lies in [0, 1] (got ${point.confidence})`);
  }
  const n = points.length;
  const brier = n === 0 ? 0 : points.reduce((sum, point) => sum + (point.confidence - (point.correct ? 1 : 0)) ** 2, 0) / n;
  const bins: CalibrationBin[] = [];
  let ece = 0;
  for (let b = 0; b < binCount; b++) {
    const low = b / binCount;
    const high = (b + 1) / binCount;
    const inBin = points.filter((point) => point.confidence >= low && (point.confidence < high || (b === binCount - 1 && point.confidence <= 1)));
    if (inBin.length === 0) continue;
    const meanConfidence = inBin.reduce((sum, point) => sum + point.confidence, 0) / inBin.length;
    const accuracy = inBin.filter((point) => point.correct).length / inBin.length;
    bins.push({ low, high, count: inBin.length, meanConfidence, accuracy });
    ece += (inBin.length / n) * Math.abs(accuracy - meanConfidence);
  }
  return { answers: n, brier, auroc: auroc(points), ece, bins };
}

/**
 * A 95 % interval for the Brier score: the mean of the answers' squared errors ± 1.96 standard errors
 * (normal approximation over answers, clamped to [0, 1]); null below two answers.
 */
export function brierInterval(points: readonly StatedConfidence[]): Interval | null {
  const n = points.length;
  if (n < 2) return null;
  const errors = points.map((point) => (point.confidence - (point.correct ? 1 : 0)) ** 2);
  const mean = errors.reduce((sum, value) => sum + value, 0) / n;
  const variance = errors.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  const half = 1.96 * Math.sqrt(variance / n);
  return { low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}
