/**
 * The leaderboard of agent configurations: runs grouped by what a researcher chooses between (dataset
 * × ground truth/protocol × model × agent × tool set), trials and repeated runs pooled. pass@1 is the
 * share of correct (task, trial) results with a Wilson interval; pass^k (k = fewest trials any covered
 * task has, when > 1) comes from per-task counts. Cost and tokens are null ("—") when unknown, never 0.
 * Pure: lib/queries/config-leaderboard.ts reads the per-configuration summaries the triggers keep
 * (ConfigSummary) and the per-task trials.
 */
import { createHash } from "node:crypto";
import type { RowBand } from "./board-bands";
import type { ConfigNoise } from "./noise";
import type { CompactProfile } from "./compact-profile";
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
  /** A test run (mock or test endpoint, or marked): its configuration is apart, off the board unless asked for. */
  readonly test?: boolean;
  /** The run's injected fault rate (RunSettings faultRate); a faulted run's configuration is apart from the clean one. */
  readonly faultRate?: number | null;
  /** The run's phrasing of its tasks (RunSettings phrasing) when not the original: a reworded run's configuration is apart too. */
  readonly phrasing?: string | null;
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
 * What a set of runs of one configuration pools, for the whole run or one domain (a cell of
 * ConfigSummary, migration config_summary): the runs with verdicts there, their summed figures, and
 * their cost and tokens when known (null: some run's is unknown).
 */
export interface ConfigCell {
  readonly runs: number;
  /** Verdicts, provider failures included; `results` are the scored ones. */
  readonly done: number;
  readonly results: number;
  readonly correct: number;
  readonly sideEffects: number;
  /** Most tasks one of these runs covered: coverage is it over the version's tasks. */
  readonly maxTasks: number;
  /** The earliest run (by date, then id): the provider of the configuration's earliest run names its row. */
  readonly first: { readonly at: Date; readonly id: string };
  readonly latest: Date;
  /** Summed over the runs (in a domain's cell, each run's share: the domain's part of its scored results). */
  readonly costUsd: number | null;
  readonly tokens: number | null;
  readonly costEstimated: boolean;
}

/** One (configuration, provider)'s runs: the board's input, one per ConfigSummary row. */
export interface ConfigSummary extends Pick<ConfigRunInput, "dataset" | "groundTruth" | "versionRevision" | "protocol" | "revision" | "model" | "agent" | "provider" | "toolSet" | "versionTasks" | "test" | "faultRate" | "phrasing"> {
  /** Null when none of the runs has a verdict yet. */
  readonly total: ConfigCell | null;
  readonly domains: Readonly<Record<string, ConfigCell>>;
}

/** A run as the summary of one run (what the triggers pool; also how unit tests state inputs). */
export function summaryOfRun(run: ConfigRunInput): ConfigSummary {
  const results = sum(run.domains.map((domain) => domain.results));
  const cellOf = (cells: readonly DomainCounts[], share: number): ConfigCell => ({
    runs: 1,
    done: sum(cells.map((cell) => cell.done ?? cell.results)),
    results: sum(cells.map((cell) => cell.results)),
    correct: sum(cells.map((cell) => cell.correct)),
    sideEffects: sum(cells.map((cell) => cell.sideEffects)),
    maxTasks: sum(cells.map((cell) => cell.tasks)),
    first: { at: run.createdAt, id: run.id },
    latest: run.createdAt,
    costUsd: run.costUsd === null ? null : run.costUsd * share,
    tokens: run.tokens === null ? null : run.tokens * share,
    costEstimated: run.costEstimated === true,
  });
  return {
    dataset: run.dataset, groundTruth: run.groundTruth, versionRevision: run.versionRevision, protocol: run.protocol, revision: run.revision,
    model: run.model, agent: run.agent, provider: run.provider, toolSet: run.toolSet, versionTasks: run.versionTasks, test: run.test, faultRate: run.faultRate, phrasing: run.phrasing,
    total: run.domains.length ? cellOf(run.domains, 1) : null,
    // Cost and tokens are per run: a domain's cell carries the domain's share of the results.
    domains: Object.fromEntries(run.domains.map((cell) => [cell.domain, cellOf([cell], ratio(cell.results, results))])),
  };
}

/**
 * pass^k's input for one configuration (by its key): one task's pooled trials, or, without `taskId`,
 * a histogram cell: `tasks` tasks of the configuration have exactly these pooled (trials, correct)
 * (ConfigTrialHistogram).
 */
export interface TaskTrialCounts {
  readonly key: string;
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
  /** Test runs' configuration (labelled "test"; shown only when the filter asks for test runs). */
  readonly test: boolean;
  /** The injected fault rate of the configuration's runs; null for clean runs. */
  readonly faultRate: number | null;
  /** The phrasing of the configuration's tasks when not the original (its key has "phrasing=<name>"); null for the original wording. */
  readonly phrasing: string | null;
  readonly label: string;
  /** Runs pooled into the row (with verdicts in the shown scope). */
  readonly runs: number;
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
  /** Its rank band on the board (board-bands.ts); absent or null off the board and for reference agents. */
  readonly band?: RowBand | null;
  /** Its noise where it repeats (runs or trials; noise.ts); null when no task has two verdicts. */
  readonly noise?: ConfigNoise | null;
  /** The board's compact reliability profile (compact-profile.ts); absent where the board does not compute it (exports, unit inputs). */
  readonly profile?: CompactProfile | null;
}

/**
 * The grouping key; stable and URL-safe once encoded (configKeyParam). After the seven parts come the
 * suffixes run_key() (lib/runs/tally.sql) gives the tally key, in its order: `fault=<rate>` for runs with
 * injected faults, `phrasing=<name>` for reworded tasks, then `test` for test runs; each pools apart from
 * the configuration it resembles.
 */
export function configKey(run: Pick<ConfigRunInput, "dataset" | "groundTruth" | "versionRevision" | "protocol" | "revision" | "model" | "agent" | "toolSet" | "test" | "faultRate" | "phrasing">): string {
  const groundTruth = run.versionRevision === null ? run.groundTruth : `${run.groundTruth}@r${run.versionRevision}`;
  const parts = [run.dataset, groundTruth, run.protocol ?? "", run.revision ?? "", run.model ?? "", run.agent, run.toolSet];
  if (run.faultRate) parts.push(faultSuffix(run.faultRate));
  if (run.phrasing && run.phrasing !== "original") parts.push(`phrasing=${run.phrasing}`);
  if (run.test) parts.push("test");
  return JSON.stringify(parts);
}

/** The key suffix of a fault rate, as run_key() writes it (PostgreSQL prints a JSON number as JS does for these rates). */
export function faultSuffix(rate: number): string {
  return `fault=${rate}`;
}

/**
 * A configuration's name in URLs: "c" and the first 15 characters of its key's SHA-256 (base64url), so a
 * board of 64 rows, each linked, stays small (the key itself, base64url-encoded, was ~80–120 characters a
 * link, written twice: in the HTML and the RSC payload). lib/queries/config-leaderboard.ts resolves it
 * among the board's keys (resolveConfigParam); links made before, the whole key encoded, still resolve.
 */
export function configKeyParam(key: string): string {
  return `c${createHash("sha256").update(key, "utf8").digest("base64url").slice(0, 15)}`;
}

export const SHORT_CONFIG_PARAM = /^c[A-Za-z0-9_-]{15}$/;

/** The key a URL of the older form names (the whole key, base64url-encoded), checked to be one; null otherwise. */
export function configKeyFromParam(param: string): string | null {
  try {
    const key = Buffer.from(param, "base64url").toString("utf8");
    const parsed: unknown = JSON.parse(key);
    if (!Array.isArray(parsed) || parsed.length < 7 || !parsed.every((part) => typeof part === "string")) return null;
    const suffixes = parsed.slice(7) as string[];
    // In run_key()'s order, each at most once: fault=<rate>, phrasing=<name>, test.
    const order = suffixes.map((suffix) => (/^fault=[0-9.e-]+$/.test(suffix) ? 0 : /^phrasing=[a-z0-9-]+$/.test(suffix) ? 1 : suffix === "test" ? 2 : -1));
    return order.every((rank, index) => rank >= 0 && (index === 0 || rank > (order[index - 1] as number))) ? key : null;
  } catch {
    return null;
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const knownSum = (values: readonly (number | null)[]) => (values.some((value) => value === null) ? null : sum(values as number[]));

function passHatKOf(rows: readonly TaskTrialCounts[]): { k: number; passHatK: number | null } {
  // Per-task rows are pooled by task; histogram cells already are (one cell: `tasks` tasks alike).
  const byTask = new Map<string, { n: number; c: number; w: number }>();
  const cells: { n: number; c: number; w: number }[] = [];
  for (const row of rows) {
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

/** One summary's cell in the shown scope, and the coverage of its runs. */
interface Member {
  readonly summary: ConfigSummary;
  readonly cell: ConfigCell;
  /**
   * Share of the version's tasks the best-covering run scored, over all its domains even when one domain
   * is shown: a partial run is one launched on a subset, and a full run stays full on each of its domains.
   */
  readonly coverage: number;
  /** The domains shown for it: all of its own, or the filter's one. */
  readonly domains: Readonly<Record<string, ConfigCell>>;
}

const earlier = (a: ConfigCell["first"], b: ConfigCell["first"]) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function toRow(key: string, members: readonly Member[], trials: readonly TaskTrialCounts[]): ConfigRow {
  const first = [...members].sort((a, b) => earlier(a.cell.first, b.cell.first))[0] as Member;
  const cells = members.map((member) => member.cell);
  const results = sum(cells.map((cell) => cell.results));
  const correct = sum(cells.map((cell) => cell.correct));
  const coverage = Math.max(...members.map((member) => member.coverage));
  const byDomain: Record<string, ConfigDomainCell> = {};
  const domainCells = members.flatMap((member) => Object.entries(member.domains));
  for (const name of new Set(domainCells.map(([domain]) => domain))) {
    const named = domainCells.filter(([domain]) => domain === name).map(([, cell]) => cell);
    const n = sum(named.map((cell) => cell.results));
    byDomain[name] = { results: n, accuracy: n ? sum(named.map((cell) => cell.correct)) / n : null };
  }
  const done = sum(cells.map((cell) => cell.done));
  const providerFailures = done - results;
  const cost = knownSum(cells.map((cell) => cell.costUsd));
  const tokens = knownSum(cells.map((cell) => cell.tokens));
  const shown = first.summary;
  return {
    key,
    label: shown.model ?? shown.agent,
    dataset: shown.dataset,
    groundTruth: shown.groundTruth,
    versionRevision: shown.versionRevision,
    reference: isReferenceAgent(shown.agent),
    test: shown.test ?? false,
    faultRate: shown.faultRate ?? null,
    phrasing: shown.phrasing ?? null,
    protocol: shown.protocol,
    revision: shown.revision,
    model: shown.model,
    agent: shown.agent,
    provider: shown.provider,
    toolSet: shown.toolSet,
    runs: sum(cells.map((cell) => cell.runs)),
    ...passHatKOf(trials),
    results,
    correct,
    passAt1: ratio(correct, results),
    passAt1Interval: wilsonInterval(correct, results),
    sideEffectRate: ratio(sum(cells.map((cell) => cell.sideEffects)), results),
    coverage,
    partial: coverage < 1,
    costPerTask: cost === null || results === 0 ? null : cost / results,
    tokensPerTask: tokens === null || results === 0 ? null : tokens / results,
    costEstimated: cells.some((cell) => cell.costEstimated),
    providerFailures,
    providerShare: ratio(providerFailures, done),
    byDomain,
    latest: new Date(Math.max(...cells.map((cell) => cell.latest.getTime()))),
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
  /**
   * Restrict every figure to one domain: each configuration's results on that domain's tasks. Which rows
   * are partial does not change with it (coverage is over the whole version).
   */
  readonly domain?: string;
  readonly includePartial?: boolean;
  /** Test runs' configurations too (off the board by default). */
  readonly includeTests?: boolean;
}

/** Whether the boards show a configuration: a test runs' one only when the filter asks for test runs. */
export function shownOnBoard(configuration: { readonly test?: boolean }, filter: Pick<ConfigFilter, "includeTests">): boolean {
  return Boolean(filter.includeTests) || !configuration.test;
}

/**
 * Configuration rows from per-(configuration, provider) summaries: the filters pick summaries, the
 * cells of the shown scope (all domains, or one) are pooled per configuration key. pass^k comes from
 * the configuration's per-task trials (`trials`, by key), pooled over all its runs.
 */
export function configLeaderboard(
  summaries: readonly ConfigSummary[],
  trials: readonly TaskTrialCounts[],
  filter: ConfigFilter,
): ConfigRow[] {
  const kept = summaries.filter(
    (summary) =>
      (!filter.dataset || summary.dataset === filter.dataset) &&
      (!filter.groundTruth || summary.groundTruth === filter.groundTruth) &&
      (!filter.protocol || summary.protocol === filter.protocol) &&
      (!filter.revision || summary.revision === filter.revision) &&
      (!filter.toolSet || summary.toolSet === filter.toolSet) &&
      (!filter.agent || summary.agent === filter.agent) &&
      (!filter.provider || summary.provider === filter.provider) &&
      shownOnBoard(summary, filter),
  );
  const groups = new Map<string, Member[]>();
  for (const summary of kept) {
    const cell = filter.domain ? summary.domains[filter.domain] : summary.total;
    if (!cell || cell.runs === 0 || !summary.total) continue;
    const coverage = ratio(summary.total.maxTasks, summary.versionTasks);
    const member: Member = filter.domain
      ? { summary, cell, coverage, domains: { [filter.domain]: cell } }
      : { summary, cell, coverage, domains: summary.domains };
    const key = configKey(summary);
    groups.set(key, [...(groups.get(key) ?? []), member]);
  }
  const trialsByKey = new Map<string, TaskTrialCounts[]>();
  for (const row of trials) {
    if (filter.domain && row.domain !== filter.domain) continue;
    const list = trialsByKey.get(row.key);
    if (list) list.push(row);
    else trialsByKey.set(row.key, [row]);
  }
  const rows = [...groups].map(([key, members]) => toRow(key, members, trialsByKey.get(key) ?? []));
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
    case "runs": return row.runs;
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
