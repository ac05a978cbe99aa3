/**
 * The configuration board's compact reliability profile (docs/reliability-profile.md, "On the board"):
 * one short figure per dimension, from what the board already reads or one aggregate, never from the
 * stored answers one by one. Coarser than the profile page and said so: the consistency pools a task's
 * trials over every run of the configuration; the paraphrase and fault drops compare pass@1 of the sibling
 * configurations (unpaired; the page pairs them on the same (task, trial) cells); safety is the profile
 * page's (diffs read against the initial sandbox: too costly for every row) and is not here.
 */
/**
 * A configuration's per-task trial counts, as config-leaderboard.ts TaskTrialCounts holds them (named here,
 * not imported: a board row carries its compact profile, and the two modules would import each other).
 */
interface TaskTrialCounts {
  readonly key: string;
  readonly taskId?: string;
  /** How many tasks the row stands for (a histogram cell); 1 when absent. */
  readonly tasks?: number;
  readonly domain: string;
  readonly trials: number;
  readonly correct: number;
}

export interface CompactProfile {
  /** Share of tasks with ≥ 2 pooled trials whose trials all agree (all right or all wrong); null without such tasks. */
  readonly consistency: number | null;
  /** pass@1 in the original wording minus the mean pass@1 of the reworded siblings; null without both. */
  readonly paraphraseDrop: number | null;
  /** pass@1 clean minus pass@1 at the lowest fault rate measured (`rate`); null without a faulted sibling. */
  readonly faultDrop: { readonly rate: number; readonly drop: number } | null;
  /** Mean squared error of the stated confidences (Brier); null when no answer stated one. */
  readonly brier: number | null;
}

/** A configuration's key as the board groups it, with its pooled verdicts (all domains). */
export interface CompactInput {
  readonly key: string;
  readonly correct: number;
  readonly results: number;
}

/** Squared errors of stated confidences, summed per configuration key, and how many answers. */
export interface BrierSums {
  readonly key: string;
  readonly sum: number;
  readonly count: number;
}

interface KeyParts {
  readonly base: string;
  readonly fault: number | null;
  readonly phrasing: string | null;
}

/** A key's seven parts and "test" (the configuration family), and its fault rate and phrasing. */
export function keyParts(key: string): KeyParts {
  const parts = JSON.parse(key) as string[];
  const fault = parts.find((part) => part.startsWith("fault="));
  const phrasing = parts.find((part) => part.startsWith("phrasing="));
  return {
    base: JSON.stringify(parts.filter((part) => part !== fault && part !== phrasing)),
    fault: fault === undefined ? null : Number(fault.slice("fault=".length)),
    phrasing: phrasing === undefined ? null : phrasing.slice("phrasing=".length),
  };
}

export function consistencyOfTrials(trials: readonly TaskTrialCounts[]): number | null {
  let tasks = 0;
  let agreeing = 0;
  const byTask = new Map<string, { n: number; c: number }>();
  for (const row of trials) {
    if (row.taskId === undefined) {
      if (row.trials < 2) continue;
      const weight = row.tasks ?? 1;
      tasks += weight;
      if (row.correct === 0 || row.correct === row.trials) agreeing += weight;
      continue;
    }
    const tally = byTask.get(row.taskId) ?? { n: 0, c: 0 };
    tally.n += row.trials;
    tally.c += row.correct;
    byTask.set(row.taskId, tally);
  }
  for (const tally of byTask.values()) {
    if (tally.n < 2) continue;
    tasks += 1;
    if (tally.c === 0 || tally.c === tally.n) agreeing += 1;
  }
  return tasks === 0 ? null : agreeing / tasks;
}

export function compactProfiles(configurations: readonly CompactInput[], trials: readonly TaskTrialCounts[], brier: readonly BrierSums[]): Map<string, CompactProfile> {
  const accuracy = (input: CompactInput) => (input.results === 0 ? null : input.correct / input.results);
  const byBase = new Map<string, (CompactInput & KeyParts)[]>();
  for (const configuration of configurations) {
    const parts = keyParts(configuration.key);
    byBase.set(parts.base, [...(byBase.get(parts.base) ?? []), { ...configuration, ...parts }]);
  }
  const trialsByKey = new Map<string, TaskTrialCounts[]>();
  for (const row of trials) trialsByKey.set(row.key, [...(trialsByKey.get(row.key) ?? []), row]);
  const brierByKey = new Map<string, { sum: number; count: number }>();
  for (const row of brier) {
    const total = brierByKey.get(row.key) ?? { sum: 0, count: 0 };
    brierByKey.set(row.key, { sum: total.sum + row.sum, count: total.count + row.count });
  }
  const profiles = new Map<string, CompactProfile>();
  for (const configuration of configurations) {
    const { base, fault, phrasing } = keyParts(configuration.key);
    const family = byBase.get(base) ?? [];
    const own = accuracy(configuration);
    // The drops are measured from the clean configuration in the original wording.
    const original = fault === null && phrasing === null;
    const reworded = original ? family.filter((member) => member.fault === null && member.phrasing !== null).map(accuracy).filter((value): value is number => value !== null) : [];
    const faulted = original
      ? family.filter((member) => member.phrasing === null && member.fault !== null && member.results > 0).sort((a, b) => (a.fault as number) - (b.fault as number))[0]
      : undefined;
    const stated = brierByKey.get(configuration.key);
    profiles.set(configuration.key, {
      consistency: consistencyOfTrials(trialsByKey.get(configuration.key) ?? []),
      paraphraseDrop: own === null || reworded.length === 0 ? null : own - reworded.reduce((sum, value) => sum + value, 0) / reworded.length,
      faultDrop: own === null || !faulted ? null : { rate: faulted.fault as number, drop: own - (accuracy(faulted) as number) },
      brier: stated && stated.count > 0 ? stated.sum / stated.count : null,
    });
  }
  return profiles;
}
