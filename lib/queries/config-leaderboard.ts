// Reads behind the configuration leaderboard (lib/metrics/config-leaderboard.ts), all from figures kept
// on write by triggers, never from TaskResult nor one row per run: one row per (configuration, provider)
// (ConfigSummary, migration config_summary: its runs' pooled figures, overall and per domain) and, per
// configuration, the histogram of pooled (trials, correct) per task that pass^k needs (migration
// leaderboard_tallies). Kept apart from lib/queries/leaderboard.ts (the per-run board).
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { setBounded } from "@/lib/bounded-map";
import { prisma } from "@/lib/db";
import {
  configKey,
  configKeyFromParam,
  configKeyParam,
  configLeaderboard,
  SHORT_CONFIG_PARAM,
  sortConfigs,
  type ConfigCell,
  type ConfigFilter,
  type ConfigRow,
  type ConfigSort,
  type ConfigSummary,
  type TaskTrialCounts,
} from "@/lib/metrics/config-leaderboard";
import { compactProfiles, type BrierSums, type CompactInput } from "@/lib/metrics/compact-profile";
import { findPrice, loadPriceTable } from "@/lib/providers";
import { getPooledPrimaryCauses, type PooledCauses } from "./primary-causes";
import { withBandsAndNoise } from "./board-noise";

/** A cell of ConfigSummary as the triggers store it (dates in ms; cost parts the price check needs). */
interface StoredCell {
  runs: number;
  done: number;
  results: number;
  correct: number;
  sideEffects: number;
  maxTasks: number;
  firstAt: number;
  firstId: string;
  latest: number;
  cost: number;
  tokens: number;
  /** Runs whose cost (tokens) nobody knows: recorded without usage nor estimate, or `params.priceUnknown`. */
  costUnknown: number;
  tokensUnknown: number;
  /** Runs that measured tokens but recorded $0: unknown unless the price table has the model. */
  needsPrice: number;
  estimated: number;
}

interface SummaryRow {
  /** Its configuration's key in RunConfigKey / ConfigTaskTally / ConfigTrialHistogram. */
  tallyKey: string;
  /** '' for runs without a provider. */
  provider: string;
  dataset: string;
  datasetName: string;
  datasetKind: string;
  groundTruth: string;
  versionRevision: number | null;
  protocol: string;
  revision: string | null;
  model: string | null;
  agent: string;
  toolSet: string;
  /** A test runs' configuration (run_key() ends its key in "test"). */
  test: boolean;
  /** Runs with injected faults (run_key() adds "fault=<rate>" to their key); null for clean runs. */
  faultRate: number | null;
  /** Runs of reworded tasks (run_key() adds "phrasing=<name>"); null for the original wording. */
  phrasing: string | null;
  versionTasks: number;
  total: StoredCell | null;
  domains: Record<string, StoredCell>;
}

/**
 * The summaries of every configuration (or those `only` picks), one row per (configuration, provider).
 * Runs recorded before ground-truth revisions have no version of their own: they count under the
 * latest version of their ground truth, as the board always showed them.
 */
async function loadSummaryRows(only: Prisma.Sql = Prisma.sql`TRUE`): Promise<SummaryRow[]> {
  return prisma.$queryRaw<SummaryRow[]>`
    SELECT s."configKey" AS "tallyKey", s.provider, d.slug AS dataset, d.name AS "datasetName", d.kind AS "datasetKind", s."groundTruth",
           v.revision AS "versionRevision", s.protocol, s."scoringRevision" AS revision, s.model, s.agent, s."toolSet",
           s."configKey"::jsonb ? 'test' AS test,
           (SELECT substr(e, 7)::float8 FROM jsonb_array_elements_text(s."configKey"::jsonb) e WHERE e LIKE 'fault=%' LIMIT 1) AS "faultRate",
           (SELECT substr(e, 10) FROM jsonb_array_elements_text(s."configKey"::jsonb) e WHERE e LIKE 'phrasing=%' LIMIT 1) AS phrasing,
           coalesce(v."taskCount", 0)::int AS "versionTasks", s.total, s.domains
      FROM "ConfigSummary" s
      JOIN "Dataset" d ON d.id = s."datasetId"
      LEFT JOIN "GroundTruthVersion" v ON v.id = coalesce(s."versionId",
        (SELECT g.id FROM "GroundTruthVersion" g WHERE g."datasetId" = s."datasetId" AND g.name = s."groundTruth" ORDER BY g."importedAt" DESC LIMIT 1))
     WHERE s.runs > 0 AND ${only}
     ORDER BY s."configKey", s.provider`;
}

/**
 * A stored cell with its cost decided: unknown when some run's is, or when a run recorded $0 for
 * measured tokens and the price table has no price for the model (it was not free). Model-less agents
 * (oracle, noop) cost nothing (the triggers count them at 0).
 */
function cellOf(stored: StoredCell, priced: boolean): ConfigCell {
  return {
    runs: stored.runs, done: stored.done, results: stored.results, correct: stored.correct, sideEffects: stored.sideEffects, maxTasks: stored.maxTasks,
    first: { at: new Date(stored.firstAt), id: stored.firstId },
    latest: new Date(stored.latest),
    costUsd: stored.costUnknown > 0 || (stored.needsPrice > 0 && !priced) ? null : stored.cost,
    tokens: stored.tokensUnknown > 0 ? null : stored.tokens,
    costEstimated: stored.estimated > 0,
  };
}

function summariesOf(rows: readonly SummaryRow[]): ConfigSummary[] {
  const prices = loadPriceTable();
  return rows.map((row) => {
    const priced = row.provider !== "" && row.model !== null && findPrice(prices, row.provider, row.model) !== undefined;
    return {
      dataset: row.dataset, groundTruth: row.groundTruth, versionRevision: row.versionRevision, protocol: row.protocol, revision: row.revision,
      model: row.model, agent: row.agent, provider: row.provider === "" ? null : row.provider, toolSet: row.toolSet, versionTasks: row.versionTasks, test: row.test, faultRate: row.faultRate, phrasing: row.phrasing,
      total: row.total ? cellOf(row.total, priced) : null,
      domains: Object.fromEntries(Object.entries(row.domains).map(([domain, cell]) => [domain, cellOf(cell, priced)])),
    };
  });
}

/**
 * The tally keys behind each shown configuration (usually one; several where runs recorded before
 * ground-truth revisions, with no version of their own, join a versioned configuration).
 */
function tallyKeysByConfig(rows: readonly SummaryRow[], summaries: readonly ConfigSummary[]): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  rows.forEach((row, i) => {
    const key = configKey(summaries[i] as ConfigSummary);
    const group = groups.get(key);
    if (group) group.add(row.tallyKey);
    else groups.set(key, new Set([row.tallyKey]));
  });
  return groups;
}

/**
 * pass^k's inputs per shown configuration: the maintained histogram of (pooled trials, correct) per
 * task; where one configuration gathers several tally keys, their per-task tallies are pooled instead.
 */
async function loadTrials(groups: ReadonlyMap<string, ReadonlySet<string>>): Promise<TaskTrialCounts[]> {
  const single = new Map<string, string>();
  const pooled = new Map<string, string>();
  for (const [key, tallyKeys] of groups) {
    for (const tallyKey of tallyKeys) (tallyKeys.size === 1 ? single : pooled).set(tallyKey, key);
  }
  const [cells, tasks] = await Promise.all([
    single.size
      ? prisma.$queryRaw<{ configKey: string; domain: string; trials: number; correct: number; tasks: number }[]>`
          SELECT "configKey", domain, trials, correct, tasks FROM "ConfigTrialHistogram" WHERE tasks > 0 AND "configKey" IN (${Prisma.join([...single.keys()])})`
      : [],
    pooled.size
      ? prisma.$queryRaw<{ configKey: string; taskId: string; domain: string; trials: number; correct: number }[]>`
          SELECT "configKey", "taskId", domain, trials, correct FROM "ConfigTaskTally" WHERE trials > 0 AND "configKey" IN (${Prisma.join([...pooled.keys()])})`
      : [],
  ]);
  return [
    ...cells.map((cell) => ({ key: single.get(cell.configKey) as string, domain: cell.domain, trials: cell.trials, correct: cell.correct, tasks: cell.tasks })),
    ...tasks.map((row) => ({ key: pooled.get(row.configKey) as string, taskId: row.taskId, domain: row.domain, trials: row.trials, correct: row.correct })),
  ];
}

async function loadBoardInput(only?: Prisma.Sql) {
  const rows = await loadSummaryRows(only);
  const summaries = summariesOf(rows);
  const groups = tallyKeysByConfig(rows, summaries);
  return { rows, summaries, groups, trials: await loadTrials(groups) };
}

export interface ConfigBoardQuery extends ConfigFilter {
  readonly sort: ConfigSort;
  readonly direction: "asc" | "desc";
  /**
   * Only the configurations with a (listed) run carrying this tag. A configuration's figures still pool
   * all its runs: a tag marks runs, and the board ranks configurations.
   */
  readonly tag?: string;
}

/**
 * What the board shows changes only with the stamp the triggers bump (LeaderboardStamp: a counted run
 * or its figures changed) or with the datasets and ground-truth versions (slugs, revisions): one row
 * and two counts.
 */
async function boardStamp(): Promise<string> {
  const [row] = await prisma.$queryRaw<{ stamp: string }[]>`
    SELECT concat_ws('|', (SELECT version FROM "LeaderboardStamp" WHERE id = 1), (SELECT count(*) FROM "Dataset"),
                     (SELECT count(*) FROM "GroundTruthVersion")) AS stamp`;
  return row?.stamp ?? "";
}

/** The filtered, sorted configuration rows and the filter options present in the data. */
export async function getConfigLeaderboard(query: ConfigBoardQuery) {
  // The stamp is read before the summaries: a write landing in between makes the next request recompute,
  // never an old board outlive its stamp.
  const stamp = await boardStamp();
  const key = JSON.stringify(query);
  const cached = boardCache.get(key);
  if (cached?.stamp === stamp) return cached.board;
  const board = await computeBoard(query);
  setBounded(boardCache, key, { stamp, board }, BOARD_CACHE_SIZE);
  return board;
}

/**
 * One configuration's row (partial included), the runs pooled into it (oldest first) and the domain
 * columns of the board, reading only that configuration's summaries and runs (the configuration page);
 * null when no counted run has that key.
 */
/**
 * The configuration key a URL names (configKeyParam's short form, or the older whole-key form), or null:
 * a short name is looked up among the configurations the board has (ConfigSummary).
 */
export async function resolveConfigParam(param: string): Promise<string | null> {
  if (!SHORT_CONFIG_PARAM.test(param)) return configKeyFromParam(param);
  // The board's keys, as the board derives them from the stored summaries; few (one per configuration).
  const keys = new Set(summariesOf(await loadSummaryRows()).map((summary) => configKey(summary)));
  const named = [...keys].filter((key) => configKeyParam(key) === param);
  // 15 base64 characters are 90 bits: two keys sharing them is no real risk, but never guess between them.
  return named.length === 1 ? named[0]! : null;
}

export async function getConfiguration(key: string): Promise<Configuration | null> {
  const parts = JSON.parse(key) as string[];
  const [dataset, groundTruthAt, protocol, revision, model, agent, toolSet] = parts;
  const groundTruth = (groundTruthAt ?? "").replace(/@r\d+$/, "");
  const stamp = await boardStamp();
  const cacheKey = JSON.stringify(["configuration", key]);
  const cached = configurationCache.get(cacheKey);
  if (cached?.stamp === stamp) return cached.value;
  // The SQL narrows to the key's columns; configKey() then decides exactly (ground-truth revision).
  const [{ summaries, groups, trials }, domainRows] = await Promise.all([
    loadBoardInput(Prisma.sql`d.slug = ${dataset ?? ""} AND s."groundTruth" = ${groundTruth} AND s.protocol = ${protocol ?? ""}
      AND coalesce(s."scoringRevision", '') = ${revision ?? ""} AND coalesce(s.model, '') = ${model ?? ""} AND s.agent = ${agent ?? ""} AND s."toolSet" = ${toolSet ?? ""}`),
    // The board's domain columns: every domain some counted configuration has scored results in.
    prisma.$queryRaw<{ domain: string }[]>`SELECT DISTINCT domain FROM "ConfigTrialHistogram" WHERE tasks > 0 ORDER BY domain`,
  ]);
  // The compact profile as the board shows it: the summaries read above are the key's whole family (its
  // fault, phrasing and test siblings share its seven parts).
  const brier = await loadBrierSums([...groups.values()].flatMap((tallyKeys) => [...tallyKeys]));
  const profile = compactProfilesOf(summaries, groups, trials, brier).get(key) ?? null;
  const found = configLeaderboard(summaries, trials, { includePartial: true, includeTests: true }).find((candidate) => candidate.key === key);
  // Its noise, as the board's; no band (a band is a place among the rows of a board).
  const [row] = found ? await withBandsAndNoise([{ ...found, profile }], groups, { bands: false }) : [];
  const tallyKeys = [...(groups.get(key) ?? [])];
  // The runs with verdicts (a RunBoard row), as the row pools them.
  const runs = row && tallyKeys.length
    ? await prisma.$queryRaw<{ id: string; name: string }[]>`
        SELECT r.id, r.name FROM "RunConfigKey" c JOIN "Run" r ON r.id = c."runId" JOIN "RunBoard" b ON b."runId" = r.id
         WHERE c."configKey" IN (${Prisma.join(tallyKeys)}) ORDER BY r."createdAt", r.id`
    : [];
  // The causes are kept with the rest under the stamp: any change to a counted run (verdicts, status, re-score, delete) bumps it.
  const value = row
    ? { row, runs, domains: domainRows.map((domainRow) => domainRow.domain), causes: await getPooledPrimaryCauses(prisma, runs.map((run) => run.id)) }
    : null;
  setBounded(configurationCache, cacheKey, { stamp, value }, BOARD_CACHE_SIZE);
  return value;
}

export interface Configuration {
  readonly row: ConfigRow;
  readonly runs: readonly { readonly id: string; readonly name: string }[];
  readonly domains: readonly string[];
  /** Its runs' wrong answers per primary cause, added up (lib/queries/primary-causes.ts). */
  readonly causes: PooledCauses;
}

/** The configuration key a run is pooled under on the board (null: the run is not counted: neither completed nor recorded). */
export async function configKeyOfRun(runId: string): Promise<string | null> {
  const [row] = await loadSummaryRows(Prisma.sql`s."configKey" = (SELECT "configKey" FROM "RunConfigKey" WHERE "runId" = ${runId})`);
  return row ? configKey(summariesOf([row])[0] as ConfigSummary) : null;
}

const configurationCache = new Map<string, { stamp: string; value: Configuration | null }>();

/** Boards computed in this process, per query, with the stamp they were computed at. */
const boardCache = new Map<string, { stamp: string; board: Awaited<ReturnType<typeof computeBoard>> }>();
const BOARD_CACHE_SIZE = 50;

async function computeBoard(query: ConfigBoardQuery) {
  const tagged = query.tag
    ? Prisma.sql`s."configKey" IN (SELECT c."configKey" FROM "RunConfigKey" c JOIN "Run" r ON r.id = c."runId" WHERE ${query.tag} = ANY(r.tags))`
    : undefined;
  const [{ rows: summaryRows, summaries, groups, trials }, tags, brier] = await Promise.all([
    loadBoardInput(tagged),
    prisma.$queryRaw<{ tag: string }[]>`SELECT DISTINCT unnest(tags) AS tag FROM "Run" WHERE "archivedAt" IS NULL ORDER BY 1`,
    loadBrierSums(),
  ]);
  const profiles = compactProfilesOf(summaries, groups, trials, brier);
  // Rank bands among the rows the board shows (its filters decide the comparisons it makes), noise for each.
  const sorted = sortConfigs(configLeaderboard(summaries, trials, query), query.sort, query.direction).map((row) => ({ ...row, profile: profiles.get(row.key) ?? null }));
  const rows = await withBandsAndNoise(sorted, groups, { domain: query.domain, bands: true });
  const distinct = (values: readonly (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null))].sort();
  return {
    rows,
    options: {
      // The official dataset first, then generated workplaces by slug.
      datasets: [...new Map(summaryRows.map((row) => [row.dataset, { slug: row.dataset, name: row.datasetName, kind: row.datasetKind }])).values()].sort(
        (a, b) => Number(a.kind !== "official") - Number(b.kind !== "official") || a.slug.localeCompare(b.slug),
      ),
      groundTruths: distinct(summaries.map((summary) => summary.groundTruth)),
      protocols: distinct(summaries.map((summary) => summary.protocol)),
      revisions: distinct(summaries.map((summary) => summary.revision)),
      toolSets: distinct(summaries.map((summary) => summary.toolSet)),
      agents: distinct(summaries.map((summary) => summary.agent)),
      providers: distinct(summaries.map((summary) => summary.provider)),
      domains: distinct(summaries.flatMap((summary) => Object.keys(summary.domains))),
      tags: tags.map((row) => row.tag),
    },
  };
}

export type ConfigLeaderboard = Awaited<ReturnType<typeof getConfigLeaderboard>>;

/**
 * The stated confidences' squared errors per tally key, scored answers only (as the boards count them):
 * one aggregate over the answers of the runs that asked for a confidence (RunSettings askConfidence,
 * params.askConfidence), found through the results' runId index: nothing to read when no run asked.
 */
async function loadBrierSums(only?: readonly string[]): Promise<{ tallyKey: string; sum: number; count: number }[]> {
  if (only && only.length === 0) return [];
  const keys = only ? Prisma.sql`AND c."configKey" IN (${Prisma.join([...only])})` : Prisma.empty;
  return prisma.$queryRaw<{ tallyKey: string; sum: number; count: number }[]>`
    SELECT c."configKey" AS "tallyKey", sum((x.confidence - CASE WHEN x.correct THEN 1 ELSE 0 END) ^ 2)::float8 AS sum, count(*)::int AS count
      FROM "Run" r JOIN "RunConfigKey" c ON c."runId" = r.id JOIN "TaskResult" x ON x."runId" = r.id
     WHERE r.params @> '{"askConfidence": true}' AND x.confidence IS NOT NULL AND x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind")) AND c."configKey" IS NOT NULL ${keys}
     GROUP BY c."configKey"`;
}

/** The compact profile of every loaded configuration (lib/metrics/compact-profile.ts), by board key. */
function compactProfilesOf(
  summaries: readonly ConfigSummary[],
  groups: ReadonlyMap<string, ReadonlySet<string>>,
  trials: readonly TaskTrialCounts[],
  brier: readonly { tallyKey: string; sum: number; count: number }[],
) {
  const pooled = new Map<string, CompactInput>();
  for (const summary of summaries) {
    const key = configKey(summary);
    const total = pooled.get(key) ?? { key, correct: 0, results: 0 };
    pooled.set(key, { key, correct: total.correct + (summary.total?.correct ?? 0), results: total.results + (summary.total?.results ?? 0) });
  }
  const boardKeyOf = new Map([...groups].flatMap(([key, tallyKeys]) => [...tallyKeys].map((tallyKey) => [tallyKey, key] as const)));
  const sums: BrierSums[] = brier.flatMap((row) => {
    const key = boardKeyOf.get(row.tallyKey);
    return key ? [{ key, sum: row.sum, count: row.count }] : [];
  });
  return compactProfiles([...pooled.values()], trials, sums);
}
