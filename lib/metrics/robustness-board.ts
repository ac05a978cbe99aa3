// The leaderboard's robustness view: for each configuration and fault rate, its faulted runs against its
// clean runs on the same tasks and trials. A sweep gives every run the same tasks and the same fault
// schedule, so the two sides are paired verdicts of one (task, trial), not two independent samples:
//
//   The pairing rule. Each faulted run is paired with one clean run of its configuration (the same tally
//   key without its "fault=" part: dataset, ground-truth version, protocol, scoring revision, model, agent,
//   tool set, test or not): the clean run of its own sweep if that one shares a scored (task, trial) with
//   it, otherwise the clean run sharing the most scored (task, trial)s with it (ties: the newest, then the
//   larger id). A pair is one (task, trial) both runs scored. The pairs of every faulted run of the
//   configuration at that rate are pooled. A faulted run no clean run shares a (task, trial) with has no
//   pairs: the board says so and offers the clean counterpart's command.
//
// On the pooled pairs: the paired difference (faulted − clean accuracy), Newcombe's interval for a
// difference of paired proportions (method 10; Newcombe RG, "Improved confidence intervals for the
// difference between binomial proportions based on paired data", Statistics in Medicine 17:2635–2650,
// 1998), the code the run comparison uses (mcnemar.ts), the discordant counts and the exact McNemar p.
import { mcnemarExactP, pairedDifferenceInterval, type PairedCounts } from "./mcnemar";
import type { RobustnessMeasures } from "./robustness";
import { ratio, type Interval } from "./wilson";

/** A counted run of a configuration that has faulted runs (a clean run has faultRate null). */
export interface BoardRun {
  readonly id: string;
  readonly name: string;
  /** Its tally key without the "fault=<rate>" part: what a faulted run and its clean pair share. */
  readonly configuration: string;
  readonly faultRate: number | null;
  readonly sweepId: string | null;
  readonly createdAt: Date;
}

/** One scored verdict (the boards' rule: done, not a provider failure except in recorded runs). */
export interface BoardVerdict {
  readonly runId: string;
  readonly taskId: string;
  readonly trial: number;
  readonly correct: boolean;
  readonly sideEffects: boolean;
}

export interface RunPairing {
  readonly faulted: Pick<BoardRun, "id" | "name">;
  /** The clean run it is paired with; null when no clean run shares a scored (task, trial) with it. */
  readonly clean: Pick<BoardRun, "id" | "name"> | null;
  /** (task, trial)s both scored. */
  readonly pairs: number;
  /** The faulted run's scored results (pairs or not). */
  readonly results: number;
}

export interface PairedCell extends PairedCounts {
  readonly configuration: string;
  readonly faultRate: number;
  readonly runs: readonly RunPairing[];
  readonly pairs: number;
  /** Accuracy on the pairs: clean side, faulted side. */
  readonly cleanAccuracy: number | null;
  readonly faultedAccuracy: number | null;
  /** faulted − clean accuracy on the pairs (negative: the faults cost accuracy); null without pairs. */
  readonly difference: number | null;
  readonly differenceInterval: Interval | null;
  /** Exact McNemar p on the discordant pairs (1 without pairs). */
  readonly pValue: number;
  /** Side-effect rates on the pairs. */
  readonly cleanSideEffects: number | null;
  readonly faultedSideEffects: number | null;
}

const pairKey = (verdict: Pick<BoardVerdict, "taskId" | "trial">) => `${verdict.taskId}\u0000${verdict.trial}`;

function verdictsByRun(verdicts: readonly BoardVerdict[]): Map<string, Map<string, BoardVerdict>> {
  const byRun = new Map<string, Map<string, BoardVerdict>>();
  for (const verdict of verdicts) {
    const run = byRun.get(verdict.runId) ?? new Map<string, BoardVerdict>();
    run.set(pairKey(verdict), verdict);
    byRun.set(verdict.runId, run);
  }
  return byRun;
}

function sharedCount(a: ReadonlyMap<string, BoardVerdict>, b: ReadonlyMap<string, BoardVerdict>): number {
  let shared = 0;
  for (const key of a.keys()) if (b.has(key)) shared++;
  return shared;
}

/** The clean run a faulted run is paired with, by the rule above; null when none shares a scored (task, trial). */
export function cleanPairOf(faulted: BoardRun, cleanRuns: readonly BoardRun[], verdicts: ReadonlyMap<string, ReadonlyMap<string, BoardVerdict>>): BoardRun | null {
  const own = verdicts.get(faulted.id) ?? new Map();
  const scored = cleanRuns
    .map((run) => ({ run, shared: sharedCount(own, verdicts.get(run.id) ?? new Map()) }))
    .filter((candidate) => candidate.shared > 0);
  const sameSweep = faulted.sweepId === null ? undefined : scored.find((candidate) => candidate.run.sweepId === faulted.sweepId);
  if (sameSweep) return sameSweep.run;
  scored.sort((a, b) => b.shared - a.shared || b.run.createdAt.getTime() - a.run.createdAt.getTime() || (a.run.id < b.run.id ? 1 : -1));
  return scored[0]?.run ?? null;
}

/** Every (configuration, fault rate) with faulted runs: their pooled pairs with the clean side, in configuration then rate order. */
export function pairedRobustness(runs: readonly BoardRun[], verdicts: readonly BoardVerdict[]): PairedCell[] {
  const byRun = verdictsByRun(verdicts);
  const groups = new Map<string, BoardRun[]>();
  for (const run of runs) {
    if (run.faultRate === null) continue;
    const key = JSON.stringify([run.configuration, run.faultRate]);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const cells: PairedCell[] = [];
  for (const faultedRuns of groups.values()) {
    const first = faultedRuns[0] as BoardRun;
    const cleanRuns = runs.filter((run) => run.faultRate === null && run.configuration === first.configuration);
    let bothCorrect = 0, onlyClean = 0, onlyFaulted = 0, bothWrong = 0, cleanSide = 0, faultedSide = 0;
    const pairings: RunPairing[] = [];
    for (const faulted of [...faultedRuns].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))) {
      const own = byRun.get(faulted.id) ?? new Map<string, BoardVerdict>();
      const clean = cleanPairOf(faulted, cleanRuns, byRun);
      const cleanVerdicts = clean ? (byRun.get(clean.id) ?? new Map<string, BoardVerdict>()) : new Map<string, BoardVerdict>();
      let pairs = 0;
      for (const [key, f] of own) {
        const c = cleanVerdicts.get(key);
        if (!c) continue;
        pairs++;
        if (c.correct && f.correct) bothCorrect++;
        else if (c.correct) onlyClean++;
        else if (f.correct) onlyFaulted++;
        else bothWrong++;
        if (c.sideEffects) cleanSide++;
        if (f.sideEffects) faultedSide++;
      }
      pairings.push({ faulted: { id: faulted.id, name: faulted.name }, clean: clean ? { id: clean.id, name: clean.name } : null, pairs, results: own.size });
    }
    // Clean is "A", faulted is "B": the difference is B − A, as on the compare page.
    const counts: PairedCounts = { bothCorrect, onlyA: onlyClean, onlyB: onlyFaulted, bothWrong };
    const pairs = bothCorrect + onlyClean + onlyFaulted + bothWrong;
    cells.push({
      configuration: first.configuration,
      faultRate: first.faultRate as number,
      runs: pairings,
      ...counts,
      pairs,
      cleanAccuracy: pairs ? ratio(bothCorrect + onlyClean, pairs) : null,
      faultedAccuracy: pairs ? ratio(bothCorrect + onlyFaulted, pairs) : null,
      difference: pairs ? ratio(onlyFaulted - onlyClean, pairs) : null,
      differenceInterval: pairedDifferenceInterval(counts),
      pValue: mcnemarExactP(onlyClean, onlyFaulted),
      cleanSideEffects: pairs ? ratio(cleanSide, pairs) : null,
      faultedSideEffects: pairs ? ratio(faultedSide, pairs) : null,
    });
  }
  return cells.sort((a, b) => a.configuration.localeCompare(b.configuration) || a.faultRate - b.faultRate);
}

/** A board row: the cell, how its configuration is named, and its faulted runs' robustness measures pooled. */
export interface RobustnessBoardRow extends PairedCell {
  readonly label: string;
  readonly agent: string;
  readonly toolSet: string;
  readonly dataset: string;
  readonly groundTruth: string;
  readonly protocol: string;
  /** A test runs' configuration (shown, labelled, only when the test filter is on). */
  readonly test: boolean;
  /** Recovery, blind retry and give-up over every task of the configuration's faulted runs at this rate. */
  readonly measures: RobustnessMeasures;
  /** For each faulted run without a clean pair: the command that launches its clean counterpart. */
  readonly counterparts: readonly { readonly runId: string; readonly command: string }[];
}

/** What the clean counterpart of a faulted run needs: the settings that decide its tasks and trials. */
export interface CounterpartSource {
  readonly agent: string;
  readonly endpoint: string | null;
  readonly model: string | null;
  readonly dataset: string;
  readonly groundTruth: string;
  readonly protocol: string;
  readonly scoringRevision: string | null;
  readonly toolSet: string;
  readonly trials: number;
  readonly limit: number | null;
  readonly sample: string | null;
  readonly seed: number | null;
  readonly domains: readonly string[];
}

/**
 * The `workbench run` command of a faulted run's clean counterpart: the same agent, model, dataset,
 * scoring and tool set, the same sample (limit, method and seed draw the same tasks) and trials, at
 * fault rate 0. Values are quoted for a POSIX shell when they need it.
 */
export function cleanCounterpartCommand(run: CounterpartSource): string {
  const quote = (value: string) => (/^[A-Za-z0-9._\/@:=,+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);
  const flags: [string, string | number | null | undefined][] = [
    ["--agent", run.agent],
    ["--endpoint", run.endpoint],
    ["--model", run.model],
    ["--dataset", run.dataset],
    ["--gt", run.groundTruth],
    ["--protocol", run.protocol],
    ["--revision", run.scoringRevision],
    ["--tool-set", run.toolSet],
    ["--domains", run.domains.length ? run.domains.join(",") : null],
    ["--limit", run.limit],
    ["--sample", run.limit ? run.sample : null],
    ["--seed", run.limit ? run.seed : null],
    ["--trials", run.trials],
    ["--fault-rate", 0],
  ];
  const parts = flags.filter(([, value]) => value !== null && value !== undefined).map(([flag, value]) => `${flag} ${quote(String(value))}`);
  return `npm run workbench -- run ${parts.join(" ")}`;
}
