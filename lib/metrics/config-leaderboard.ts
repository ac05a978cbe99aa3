/**
 * The leaderboard of agent configurations: runs grouped by what a researcher chooses between (dataset
 * × ground truth/protocol × model × agent × tool set), trials and repeated runs pooled. pass@1 is the
 * share of correct (task, trial) results with a Wilson interval; pass^k (k = fewest trials any covered
 * task has, when > 1) comes from per-task counts. Cost and tokens are null ("—") when unknown, never 0.
 * Pure: lib/queries/config-leaderboard.ts reads the counts.
 */
import { isReferenceAgent } from "./reference-agents";
import { passHatKEstimate } from "./trial-consistency";
import { ratio, wilsonInterval, type Interval } from "./wilson";

/** Per-domain counts of one run's scored results. */
export interface DomainCounts {
  readonly domain: string;
  /** Scored (task, trial) results. */
  readonly results: number;
  /**
   * Results with a verdict, provider failures included (absent: as many as `results`). The difference
   * failed at the provider (lib/runs/run-outcome.ts): not scored, so in no rate.
   */
  readonly done?: number;
  /** Distinct tasks among them. */
  readonly tasks: number;
  readonly correct: number;
  readonly sideEffects: number;
}

export interface ConfigRunInput {
  readonly id: string;
  readonly name: string;
  readonly dataset: string;
  readonly groundTruth: string;
  /** Which files of that ground truth (1, 2... per re-import of different files); null when unknown. */
  readonly versionRevision: number | null;
  /** The protocol the run followed ("2024" | "2026") and the scoring revision of its verdicts (null: unknown). */
  readonly protocol: string | null;
  readonly revision: string | null;
  readonly model: string | null;
  readonly agent: string;
  readonly provider: string | null;
  readonly toolSet: string;
  readonly source: string;
  readonly createdAt: Date;
  /** Tasks of the run's ground-truth version (690 for WorkBench). */
  readonly versionTasks: number;
  /** USD spent; null when unknown (recorded without usage, or a model without a price). */
  readonly costUsd: number | null;
  readonly tokens: number | null;
  /** True when costUsd / tokens are estimated from recorded prompts (lib/costs), not measured. */
  readonly costEstimated?: boolean;
  readonly domains: readonly DomainCounts[];
}

/**
 * Trials of one task in one run, for pass^k; or, without `taskId`, a histogram cell: `tasks` tasks of
 * the run's configuration have exactly these pooled (trials, correct) (ConfigTrialHistogram).
 */
export interface TaskTrialCounts {
  readonly runId: string;
  readonly taskId?: string;
  /** How many tasks the row stands for (a histogram cell); 1 when absent. */
  readonly tasks?: number;
  /** The task's domain: a board restricted to one domain computes pass^k over that domain's tasks. */
  readonly domain: string;
  readonly trials: number;
  readonly correct: number;
}

export interface ConfigDomainCell {
  readonly results: number;
  readonly accuracy: number | null;
}

export interface ConfigRow extends Pick<ConfigRunInput, "dataset" | "groundTruth" | "versionRevision" | "protocol" | "revision" | "model" | "agent" | "provider" | "toolSet"> {
  readonly key: string;
  /** A reference agent (oracle, noop): shown apart from the ranking of models. */
  readonly reference: boolean;
  readonly label: string;
  readonly runIds: readonly string[];
  readonly runNames: readonly string[];
  /** Fewest trials a covered task has over the pooled runs. */
  readonly k: number;
  readonly results: number;
  readonly correct: number;
  readonly passAt1: number;
  readonly passAt1Interval: Interval | null;
  /** null when k = 1. */
  readonly passHatK: number | null;
  readonly sideEffectRate: number;
  /** Share of the version's tasks the best-covering run scored. */
  readonly coverage: number;
  readonly partial: boolean;
  readonly costPerTask: number | null;
  readonly tokensPerTask: number | null;
  /** Some of the cost and tokens are estimates (recorded runs without usage): shown as "estimated". */
  readonly costEstimated: boolean;
  /** Results of the pooled runs that failed at the provider (left out of every rate), and their share of the verdicts. */
  readonly providerFailures: number;
  readonly providerShare: number;
  readonly byDomain: Readonly<Record<string, ConfigDomainCell>>;
  readonly latest: Date;
}

/** The grouping key; stable and URL-safe once encoded (configKeyParam). */
export function configKey(run: Pick<ConfigRunInput, "dataset" | "groundTruth" | "versionRevision" | "protocol" | "revision" | "model" | "agent" | "toolSet">): string {
  const groundTruth = run.versionRevision === null ? run.groundTruth : `${run.groundTruth}@r${run.versionRevision}`;
  return JSON.stringify([run.dataset, groundTruth, run.protocol ?? "", run.revision ?? "", run.model ?? "", run.agent, run.toolSet]);
}

export function configKeyParam(key: string): string {
  return Buffer.from(key, "utf8").toString("base64url");
}

export function configKeyFromParam(param: string): string | null {
  try {
    const key = Buffer.from(param, "base64url").toString("utf8");
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) && parsed.length === 7 && parsed.every((part) => typeof part === "string") ? key : null;
  } catch {
    return null;
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const knownSum = (values: readonly (number | null)[]) => (values.some((value) => value === null) ? null : sum(values as number[]));

function passHatKOf(runIds: readonly string[], trialsByRun: ReadonlyMap<string, readonly TaskTrialCounts[]>): { k: number; passHatK: number | null } {
  // Per-task rows are pooled by task; histogram cells already are (one cell: `tasks` tasks alike).
  const byTask = new Map<string, { n: number; c: number; w: number }>();
  const cells: { n: number; c: number; w: number }[] = [];
  for (const row of runIds.flatMap((id) => trialsByRun.get(id) ?? [])) {
    if (row.taskId === undefined) {
      cells.push({ n: row.trials, c: row.correct, w: row.tasks ?? 1 });
      continue;
    }
    const tally = byTask.get(row.taskId) ?? { n: 0, c: 0, w: 1 };
    tally.n += row.trials;
    tally.c += row.correct;
    byTask.set(row.taskId, tally);
  }
  const tallies = [...byTask.values(), ...cells].filter((tally) => tally.w > 0 && tally.n > 0);
  const k = tallies.length ? Math.min(...tallies.map((tally) => tally.n)) : 1;
  if (k < 2) return { k: Math.max(1, k), passHatK: null };
  const tasks = sum(tallies.map((tally) => tally.w));
  return { k, passHatK: sum(tallies.map((tally) => tally.w * passHatKEstimate(tally.n, tally.c, k))) / tasks };
}

function toRow(key: string, runs: readonly ConfigRunInput[], trialsByRun: ReadonlyMap<string, readonly TaskTrialCounts[]>): ConfigRow {
  const first = runs[0] as ConfigRunInput;
  const domains = runs.flatMap((run) => run.domains);
  const results = sum(domains.map((domain) => domain.results));
  const correct = sum(domains.map((domain) => domain.correct));
  const coverage = Math.max(...runs.map((run) => ratio(sum(run.domains.map((domain) => domain.tasks)), run.versionTasks)));
  const byDomain: Record<string, ConfigDomainCell> = {};
  for (const name of new Set(domains.map((domain) => domain.domain))) {
    const cells = domains.filter((domain) => domain.domain === name);
    const n = sum(cells.map((cell) => cell.results));
    byDomain[name] = { results: n, accuracy: n ? sum(cells.map((cell) => cell.correct)) / n : null };
  }
  const done = sum(domains.map((domain) => domain.done ?? domain.results));
  const providerFailures = done - results;
  const cost = knownSum(runs.map((run) => run.costUsd));
  const tokens = knownSum(runs.map((run) => run.tokens));
  return {
    key,
    label: first.model ?? first.agent,
    dataset: first.dataset,
    groundTruth: first.groundTruth,
    versionRevision: first.versionRevision,
    reference: isReferenceAgent(first.agent),
    protocol: first.protocol,
    revision: first.revision,
    model: first.model,
    agent: first.agent,
    provider: first.provider,
    toolSet: first.toolSet,
    runIds: runs.map((run) => run.id),
    runNames: runs.map((run) => run.name),
    ...passHatKOf(runs.map((run) => run.id), trialsByRun),
    results,
    correct,
    passAt1: ratio(correct, results),
    passAt1Interval: wilsonInterval(correct, results),
    sideEffectRate: ratio(sum(domains.map((domain) => domain.sideEffects)), results),
    coverage,
    partial: coverage < 1,
    costPerTask: cost === null || results === 0 ? null : cost / results,
    tokensPerTask: tokens === null || results === 0 ? null : tokens / results,
    costEstimated: runs.some((run) => run.costEstimated === true),
    providerFailures,
    providerShare: ratio(providerFailures, done),
    byDomain,
    latest: new Date(Math.max(...runs.map((run) => run.createdAt.getTime()))),
  };
}

export interface ConfigFilter {
  readonly dataset?: string;
  readonly groundTruth?: string;
  readonly protocol?: string;
  readonly revision?: string;
  readonly toolSet?: string;
  readonly agent?: string;
  readonly provider?: string;
  /** Restrict every figure to one domain. */
  readonly domain?: string;
  readonly includePartial?: boolean;
}

/** Restricts a run to one domain: its figures then describe that domain only. */
function onlyDomain(run: ConfigRunInput, domain: string): ConfigRunInput {
  const kept = run.domains.filter((cell) => cell.domain === domain);
  const share = ratio(sum(kept.map((cell) => cell.results)), sum(run.domains.map((cell) => cell.results)));
  return {
    ...run,
    domains: kept,
    // Cost and tokens are per run: split them by the domain's share of the results.
    costUsd: run.costUsd === null ? null : run.costUsd * share,
    tokens: run.tokens === null ? null : run.tokens * share,
    versionTasks: run.versionTasks,
  };
}

export function configLeaderboard(
  runs: readonly ConfigRunInput[],
  trials: readonly TaskTrialCounts[],
  filter: ConfigFilter & { readonly domainTasks?: number },
): ConfigRow[] {
  const kept = runs.filter(
    (run) =>
      (!filter.dataset || run.dataset === filter.dataset) &&
      (!filter.groundTruth || run.groundTruth === filter.groundTruth) &&
      (!filter.protocol || run.protocol === filter.protocol) &&
      (!filter.revision || run.revision === filter.revision) &&
      (!filter.toolSet || run.toolSet === filter.toolSet) &&
      (!filter.agent || run.agent === filter.agent) &&
      (!filter.provider || run.provider === filter.provider),
  );
  const groups = new Map<string, ConfigRunInput[]>();
  for (const run of kept) {
    const scoped = filter.domain ? { ...onlyDomain(run, filter.domain), versionTasks: filter.domainTasks ?? run.versionTasks } : run;
    if (scoped.domains.length === 0) continue;
    const key = configKey(run);
    groups.set(key, [...(groups.get(key) ?? []), scoped]);
  }
  const trialsByRun = new Map<string, TaskTrialCounts[]>();
  for (const row of trials) {
    if (filter.domain && row.domain !== filter.domain) continue;
    const list = trialsByRun.get(row.runId);
    if (list) list.push(row);
    else trialsByRun.set(row.runId, [row]);
  }
  const rows = [...groups].map(([key, group]) => toRow(key, group, trialsByRun));
  return filter.includePartial ? rows : rows.filter((row) => !row.partial);
}

export const CONFIG_SORTS = ["passAt1", "passHatK", "sideEffects", "cost", "tokens", "coverage", "runs", "label", "toolSet", "agent"] as const;
export type ConfigSort = (typeof CONFIG_SORTS)[number] | `domain:${string}`;

function sortValue(row: ConfigRow, sort: ConfigSort): number | string | null {
  if (sort.startsWith("domain:")) return row.byDomain[sort.slice("domain:".length)]?.accuracy ?? null;
  switch (sort) {
    case "passAt1": return row.passAt1;
    case "passHatK": return row.passHatK;
    case "sideEffects": return row.sideEffectRate;
    case "cost": return row.costPerTask;
    case "tokens": return row.tokensPerTask;
    case "coverage": return row.coverage;
    case "runs": return row.runIds.length;
    case "label": return row.label;
    case "toolSet": return row.toolSet;
    case "agent": return row.agent;
    default: return null;
  }
}

/** Sorts on any column; unknown values ("—") always last, ties by label. */
export function sortConfigs(rows: readonly ConfigRow[], sort: ConfigSort, direction: "asc" | "desc"): ConfigRow[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = sortValue(a, sort);
    const right = sortValue(b, sort);
    if (left === null || right === null) return left === right ? a.label.localeCompare(b.label) : left === null ? 1 : -1;
    const order = typeof left === "string" ? left.localeCompare(String(right)) : left - Number(right);
    return order === 0 ? a.label.localeCompare(b.label) || a.key.localeCompare(b.key) : sign * order;
  });
}
