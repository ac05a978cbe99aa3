// Reads behind the configuration leaderboard (lib/metrics/config-leaderboard.ts), all from figures kept
// on write by triggers (migration leaderboard_tallies), never from TaskResult nor by summing RunTally:
// one row per finished or imported run (its Run columns and RunBoard's per-domain figures, provider
// failures left out of the scored counts) and, per configuration, the histogram of pooled (trials,
// correct) per task that pass^k needs. Kept apart from lib/queries/leaderboard.ts (the per-run board).
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { setBounded } from "@/lib/bounded-map";
import { prisma } from "@/lib/db";
import {
  configKey,
  configLeaderboard,
  sortConfigs,
  type ConfigFilter,
  type ConfigRow,
  type ConfigRunInput,
  type ConfigSort,
  type DomainCounts,
  type TaskTrialCounts,
} from "@/lib/metrics/config-leaderboard";
import { findPrice, loadPriceTable } from "@/lib/providers";

interface RunRow {
  id: string;
  name: string;
  dataset: string;
  datasetName: string;
  datasetKind: string;
  groundTruth: string;
  versionRevision: number | null;
  protocol: string;
  revision: string | null;
  model: string | null;
  agent: string;
  provider: string | null;
  toolSet: string;
  source: string;
  createdAt: Date;
  /** The run's params say its model had no price (`priceUnknown: true`): read as one flag, not the whole JSON. */
  priceUnknown: boolean;
  trials: number;
  tokens: number;
  costUsd: number;
  /** Recorded runs without usage: the import's estimate (lib/costs), null when none was made. */
  estimatedTokens: number | null;
  estimatedCostUsd: number | null;
  versionTasks: number;
  domains: BoardDomains;
  /** Its configuration's key in ConfigTaskTally / ConfigTrialHistogram (null: not counted). */
  tallyKey: string | null;
}

/**
 * What a run cost, or null when nobody knows: recorded runs without usage, and models without a price
 * (the run then records $0 although it was not free). Model-less agents (oracle, noop) cost nothing.
 */
function knownCost(run: RunRow, prices: ReturnType<typeof loadPriceTable>): { costUsd: number | null; tokens: number | null; costEstimated: boolean } {
  if (!run.model) return { costUsd: 0, tokens: 0, costEstimated: false };
  const tokens = run.source === "imported" && run.tokens === 0 ? null : run.tokens;
  // Measured usage always wins; an estimate only stands in where nothing was measured, and says so.
  if (tokens === null && run.estimatedCostUsd !== null) return { costUsd: run.estimatedCostUsd, tokens: run.estimatedTokens, costEstimated: true };
  const flaggedUnknown = run.priceUnknown;
  const priced = run.provider ? findPrice(prices, run.provider, run.model) !== undefined : false;
  const costUsd = tokens === null || flaggedUnknown || (!priced && run.costUsd === 0) ? null : run.costUsd;
  return { costUsd, tokens, costEstimated: false };
}

/** The run's figures per domain as RunBoard keeps them (migration leaderboard_tallies). */
type BoardDomains = Record<string, { done: number; results: number; correct: number; sideEffects: number }>;

/**
 * Finished and imported runs, one row each with its maintained per-domain figures (RunBoard) and the key
 * of its configuration's tallies (RunConfigKey): no tally is summed and no result read here.
 */
async function loadRunRows(only: Prisma.Sql = Prisma.sql`TRUE`): Promise<RunRow[]> {
  return prisma.$queryRaw<RunRow[]>`
    SELECT r.id, r.name, d.slug AS dataset, d.name AS "datasetName", d.kind AS "datasetKind", r."groundTruth", v.revision AS "versionRevision", r.protocol, r."scoringRevision" AS revision, r.model, r.agent, r.provider, r."toolSet", r.source,
           r."createdAt", coalesce(r.params->'priceUnknown' = 'true'::jsonb, false) AS "priceUnknown", r.trials, (r."inputTokens" + r."outputTokens")::float8 AS tokens,
           r."costUsd"::float8 AS "costUsd", r."estimatedCostUsd"::float8 AS "estimatedCostUsd",
           (r."estimatedInputTokens" + r."estimatedOutputTokens")::float8 AS "estimatedTokens", coalesce(v."taskCount", 0)::int AS "versionTasks",
           coalesce(b.domains, '{}'::jsonb) AS domains,
           ck."configKey" AS "tallyKey"
      FROM "Run" r
      JOIN "Dataset" d ON d.id = r."datasetId"
      LEFT JOIN "RunBoard" b ON b."runId" = r.id
      LEFT JOIN "RunConfigKey" ck ON ck."runId" = r.id
      LEFT JOIN "GroundTruthVersion" v ON v.id = coalesce(r."versionId",
        (SELECT g.id FROM "GroundTruthVersion" g WHERE g."datasetId" = r."datasetId" AND g.name = r."groundTruth" ORDER BY g."importedAt" DESC LIMIT 1))
     WHERE (r.status = 'completed' OR r.source = 'imported') AND ${only}
     ORDER BY r."createdAt", r.id`;
}

function domainCountsOf(run: RunRow): DomainCounts[] {
  const trials = Math.max(1, run.trials);
  // Domains with verdicts; results are the scored ones. Tallies count (task, trial) results: a run's
  // tasks per domain are its verdicts over its trials (a provider failure was still a task it ran).
  return Object.entries(run.domains).map(([domain, cell]) => ({
    domain, done: cell.done, results: cell.results, correct: cell.correct, sideEffects: cell.sideEffects, tasks: Math.round(cell.done / trials),
  }));
}

/**
 * pass^k's inputs per configuration: the maintained histogram of (pooled trials, correct) per task,
 * attributed to the configuration's first run (configLeaderboard pools a configuration's rows over its
 * runs). Where one shown configuration gathers runs under several tally keys (runs recorded before
 * ground-truth revisions, with no version of their own), its per-task tallies are pooled instead.
 */
async function loadTrials(runRows: readonly RunRow[], runs: readonly ConfigRunInput[]): Promise<TaskTrialCounts[]> {
  const groups = new Map<string, { firstRunId: string; tallyKeys: Set<string> }>();
  runRows.forEach((run, i) => {
    if (run.tallyKey === null) return;
    const key = configKey(runs[i] as ConfigRunInput);
    const group = groups.get(key);
    if (group) group.tallyKeys.add(run.tallyKey);
    else groups.set(key, { firstRunId: run.id, tallyKeys: new Set([run.tallyKey]) });
  });
  if (groups.size === 0) return [];
  const single = new Map<string, string>();
  const pooled = new Map<string, string>();
  for (const group of groups.values()) {
    for (const tallyKey of group.tallyKeys) (group.tallyKeys.size === 1 ? single : pooled).set(tallyKey, group.firstRunId);
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
    ...cells.map((cell) => ({ runId: single.get(cell.configKey) as string, domain: cell.domain, trials: cell.trials, correct: cell.correct, tasks: cell.tasks })),
    ...tasks.map((row) => ({ runId: pooled.get(row.configKey) as string, taskId: row.taskId, domain: row.domain, trials: row.trials, correct: row.correct })),
  ];
}

async function loadRuns(runRows: readonly RunRow[]): Promise<{ runs: ConfigRunInput[]; trials: TaskTrialCounts[] }> {
  if (runRows.length === 0) return { runs: [], trials: [] };
  const prices = loadPriceTable();
  const runs = runRows.map((run): ConfigRunInput => ({
    id: run.id, name: run.name, dataset: run.dataset, groundTruth: run.groundTruth, versionRevision: run.versionRevision, protocol: run.protocol, revision: run.revision,
    model: run.model, agent: run.agent, provider: run.provider, toolSet: run.toolSet, source: run.source,
    createdAt: run.createdAt, versionTasks: run.versionTasks, ...knownCost(run, prices),
    domains: domainCountsOf(run),
  }));
  return { runs, trials: await loadTrials(runRows, runs) };
}

async function domainTaskCount(domain: string | undefined, groundTruth: string | undefined, dataset: string | undefined): Promise<number | undefined> {
  if (!domain) return undefined;
  const version = { ...(groundTruth ? { name: groundTruth } : {}), ...(dataset ? { dataset: { slug: dataset } } : {}) };
  return prisma.task.count({ where: { domain, version } }).then((count) => count || undefined);
}

export interface ConfigBoardQuery extends ConfigFilter {
  readonly sort: ConfigSort;
  readonly direction: "asc" | "desc";
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
  // The stamp is read before the runs: a write landing in between makes the next request recompute,
  // never an old board outlive its stamp.
  const [stamp, domainTasks] = await Promise.all([boardStamp(), domainTaskCount(query.domain, query.groundTruth, query.dataset)]);
  const key = JSON.stringify([query, domainTasks ?? null]);
  const cached = boardCache.get(key);
  if (cached?.stamp === stamp) return cached.board;
  const board = await computeBoard(await loadRunRows(), query, domainTasks);
  setBounded(boardCache, key, { stamp, board }, BOARD_CACHE_SIZE);
  return board;
}

/**
 * One configuration's row (its partial runs included) and the domain columns of the board, reading only
 * that configuration's runs (the configuration page); null when no counted run has that key.
 */
export async function getConfiguration(key: string): Promise<{ row: ConfigRow; domains: string[] } | null> {
  const parts = JSON.parse(key) as string[];
  const [dataset, groundTruthAt, protocol, revision, model, agent, toolSet] = parts;
  const groundTruth = (groundTruthAt ?? "").replace(/@r\d+$/, "");
  const stamp = await boardStamp();
  const cacheKey = JSON.stringify(["configuration", key]);
  const cached = configurationCache.get(cacheKey);
  if (cached?.stamp === stamp) return cached.value;
  // The SQL narrows to the key's columns; configKey() then decides exactly (ground-truth revision).
  const runRows = await loadRunRows(Prisma.sql`d.slug = ${dataset ?? ""} AND r."groundTruth" = ${groundTruth} AND r.protocol = ${protocol ?? ""}
    AND coalesce(r."scoringRevision", '') = ${revision ?? ""} AND coalesce(r.model, '') = ${model ?? ""} AND r.agent = ${agent ?? ""} AND r."toolSet" = ${toolSet ?? ""}`);
  const [{ runs, trials }, domainRows] = await Promise.all([
    loadRuns(runRows),
    // The board's domain columns: every domain some counted configuration has scored results in.
    prisma.$queryRaw<{ domain: string }[]>`SELECT DISTINCT domain FROM "ConfigTrialHistogram" WHERE tasks > 0 ORDER BY domain`,
  ]);
  const mine = runs.filter((run) => configKey(run) === key);
  const row = configLeaderboard(mine, trials, { includePartial: true }).find((candidate) => candidate.key === key);
  const value = row ? { row, domains: domainRows.map((domainRow) => domainRow.domain) } : null;
  setBounded(configurationCache, cacheKey, { stamp, value }, BOARD_CACHE_SIZE);
  return value;
}

const configurationCache = new Map<string, { stamp: string; value: { row: ConfigRow; domains: string[] } | null }>();

/** Boards computed in this process, per query, with the stamp they were computed at. */
const boardCache = new Map<string, { stamp: string; board: Awaited<ReturnType<typeof computeBoard>> }>();
const BOARD_CACHE_SIZE = 50;

async function computeBoard(runRows: readonly RunRow[], query: ConfigBoardQuery, domainTasks: number | undefined) {
  const { runs, trials } = await loadRuns(runRows);
  const rows = sortConfigs(configLeaderboard(runs, trials, { ...query, domainTasks }), query.sort, query.direction);
  const distinct = (values: readonly (string | null)[]) => [...new Set(values.filter((value): value is string => value !== null))].sort();
  return {
    rows,
    options: {
      // The official dataset first, then generated workplaces by slug.
      datasets: [...new Map(runRows.map((run) => [run.dataset, { slug: run.dataset, name: run.datasetName, kind: run.datasetKind }])).values()].sort(
        (a, b) => Number(a.kind !== "official") - Number(b.kind !== "official") || a.slug.localeCompare(b.slug),
      ),
      groundTruths: distinct(runs.map((run) => run.groundTruth)),
      protocols: distinct(runs.map((run) => run.protocol)),
      revisions: distinct(runs.map((run) => run.revision)),
      toolSets: distinct(runs.map((run) => run.toolSet)),
      agents: distinct(runs.map((run) => run.agent)),
      providers: distinct(runs.map((run) => run.provider)),
      domains: distinct(runs.flatMap((run) => run.domains.map((domain) => domain.domain))),
    },
  };
}

export type ConfigLeaderboard = Awaited<ReturnType<typeof getConfigLeaderboard>>;
