// A sweep's runs as one curve per agent (and model, and phrasing when reworded): accuracy at each fault rate, with its Wilson interval.
import { wilsonInterval, type Interval } from "./wilson";

export interface SweepRun {
  readonly id: string;
  readonly name: string;
  readonly agent: string;
  readonly model: string | null;
  readonly status: string;
  readonly faultRate: number;
  /** The phrasing of its tasks when not the original (the reliability preset's runs): a curve of its own. */
  readonly phrasing?: string | null;
  /** Results with a verdict, and how many of them were correct / had side effects. */
  readonly scored: number;
  readonly total: number;
  readonly correct: number;
  readonly sideEffects: number;
}

export interface SweepPoint {
  readonly faultRate: number;
  readonly runId: string;
  /** Null until the run has a verdict. */
  readonly accuracy: number | null;
  readonly interval: Interval | null;
  readonly sideEffectRate: number | null;
  readonly scored: number;
}

export interface SweepCurve {
  readonly label: string;
  /** Ordered by fault rate. */
  readonly points: readonly SweepPoint[];
}

export function sweepCurves(runs: readonly SweepRun[]): SweepCurve[] {
  const byLabel = new Map<string, SweepPoint[]>();
  for (const run of runs) {
    // A reworded run is a curve of its own: the phrasing is part of what the grid varies.
    const worded = run.phrasing && run.phrasing !== "original" ? ` · ${run.phrasing}` : "";
    const label = `${run.model ? `${run.agent} · ${run.model}` : run.agent}${worded}`;
    const points = byLabel.get(label) ?? [];
    points.push({
      faultRate: run.faultRate,
      runId: run.id,
      accuracy: run.scored > 0 ? run.correct / run.scored : null,
      interval: wilsonInterval(run.correct, run.scored),
      sideEffectRate: run.scored > 0 ? run.sideEffects / run.scored : null,
      scored: run.scored,
    });
    byLabel.set(label, points);
  }
  return [...byLabel].map(([label, points]) => ({ label, points: points.sort((a, b) => a.faultRate - b.faultRate) }));
}
