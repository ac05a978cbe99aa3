// Reads behind the configuration leaderboard (lib/metrics/config-leaderboard.ts): finished and imported
// runs with their per-domain counts from the tallies maintained on write (RunTally, never TaskResult),
// and per-task trial counts only for the configurations that have more than one trial per task (pass^k
// needs them). Kept apart from lib/queries/leaderboard.ts (the per-run board).
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { setBounded } from "@/lib/bounded-map";
import { prisma } from "@/lib/db";
import {
  configKey,
  configLeaderboard,
  sortConfigs,
  type ConfigFilter,
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
  params: unknown;
  trials: number;
  tokens: number;
  costUsd: number;
  /** Recorded runs without usage: the import's estimate (lib/costs), null when none was made. */
  estimatedTokens: number | null;
  estimatedCostUsd: number | null;
  versionTasks: number;
  /** What the run's per-task trial counts depend on (see trialCountsOf). */
  stateKey: string;
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
  const flaggedUnknown = typeof run.params === "object" && run.params !== null && (run.params as { priceUnknown?: unknown }).priceUnknown === true;
  const priced = run.provider ? findPrice(prices, run.provider, run.model) !== undefined : false;
  const costUsd = tokens === null || flaggedUnknown || (!priced && run.costUsd === 0) ? null : run.costUsd;
  return { costUsd, tokens, costEstimated: false };
}

/** Finished and imported runs; `stateKey` changes whenever anything the board shows of a run changes. */
async function loadRunRows(): Promise<RunRow[]> {
  return prisma.$queryRaw<RunRow[]>`
    SELECT r.id, r.name, d.slug AS dataset, d.name AS "datasetName", d.kind AS "datasetKind", r."groundTruth", v.revision AS "versionRevision", r.protocol, r."scoringRevision" AS revision, r.model, r.agent, r.provider, r."toolSet", r.source,
           r."createdAt", r.params, r.trials, (r."inputTokens" + r."outputTokens")::float8 AS tokens,
           r."costUsd"::float8 AS "costUsd", r."estimatedCostUsd"::float8 AS "estimatedCostUsd",
           (r."estimatedInputTokens" + r."estimatedOutputTokens")::float8 AS "estimatedTokens", coalesce(v."taskCount", 0)::int AS "versionTasks",
           concat_ws('|', r."scoringRevision", r."tasksDone", r."correctCount", r."sideEffectCount", r."exactMatchCount", r."finishedAt",
             (SELECT md5(string_agg(concat_ws(':', t.domain, t."actionCount", t.n, t.correct, t."sideEffects"), ',' ORDER BY t.domain, t."actionCount"))
                FROM "RunTally" t WHERE t."runId" = r.id)) AS "stateKey"
      FROM "Run" r
      JOIN "Dataset" d ON d.id = r."datasetId"
      LEFT JOIN "GroundTruthVersion" v ON v.id = coalesce(r."versionId",
        (SELECT g.id FROM "GroundTruthVersion" g WHERE g."datasetId" = r."datasetId" AND g.name = r."groundTruth" ORDER BY g."importedAt" DESC LIMIT 1))
     WHERE r.status = 'completed' OR r.source = 'imported'`;
}

async function loadRuns(runRows: readonly RunRow[]): Promise<{ runs: ConfigRunInput[]; trials: TaskTrialCounts[] }> {
  if (runRows.length === 0) return { runs: [], trials: [] };
  const ids = runRows.map((run) => run.id);
  const tallies = await prisma.$queryRaw<{ runId: string; domain: string; results: number; correct: number; sideEffects: number }[]>`
    SELECT t."runId", t.domain, sum(t.n)::int AS results, sum(t.correct)::int AS correct, sum(t."sideEffects")::int AS "sideEffects"
      FROM "RunTally" t
     WHERE t."runId" IN (${Prisma.join(ids)})
     GROUP BY t."runId", t.domain
    HAVING sum(t.n) > 0`;
  const trialsOf = new Map(runRows.map((run) => [run.id, Math.max(1, run.trials)]));
  // Tallies count (task, trial) results; a run's tasks per domain are its results over its trials.
  const domainRows: (DomainCounts & { runId: string })[] = tallies.map((row) => ({ ...row, tasks: Math.round(row.results / (trialsOf.get(row.runId) ?? 1)) }));
  const domainsOf = new Map<string, (DomainCounts & { runId: string })[]>();
  for (const row of domainRows) {
    const list = domainsOf.get(row.runId);
    if (list) list.push(row);
    else domainsOf.set(row.runId, [row]);
  }
  const prices = loadPriceTable();
  const runs = runRows.map((run): ConfigRunInput => ({
    id: run.id, name: run.name, dataset: run.dataset, groundTruth: run.groundTruth, versionRevision: run.versionRevision, protocol: run.protocol, revision: run.revision,
    model: run.model, agent: run.agent, provider: run.provider, toolSet: run.toolSet, source: run.source,
    createdAt: run.createdAt, versionTasks: run.versionTasks, ...knownCost(run, prices),
    domains: domainsOf.get(run.id) ?? [],
  }));
  // Per-task trial counts only where pass^k exists: runs with trials, or configurations run more than once.
  const groups = new Map<string, RunRow[]>();
  runRows.forEach((run, i) => {
    const key = configKey(runs[i] as ConfigRunInput);
    const group = groups.get(key);
    if (group) group.push(run);
    else groups.set(key, [run]);
  });
  const repeated = [...groups.values()].filter((group) => group.length > 1 || group.some((run) => run.trials > 1));
  const trials = (await Promise.all(repeated.map(pooledTrialCounts))).flat();
  return { runs, trials };
}

/**
 * One configuration's per-task trial counts summed over its runs, as rows of its first run: pass^k
 * pools a task's trials across the configuration's runs (lib/metrics/config-leaderboard.ts), so the
 * board gets one row per task and configuration however often it was run. Kept per process and keyed
 * by the runs' states (revision, counts, finished at, tally digest): a configuration's results are
 * re-read only when one of its runs changes, not on every request as history grows.
 */
const pooledCache = new Map<string, { stateKey: string; counts: TaskTrialCounts[] }>();
const POOLED_CACHE_SIZE = 2_000;

async function pooledTrialCounts(group: readonly RunRow[]): Promise<TaskTrialCounts[]> {
  const first = group[0] as RunRow;
  const stateKey = group.map((run) => `${run.id}:${run.stateKey}`).join(",");
  const cached = pooledCache.get(first.id);
  if (cached?.stateKey === stateKey) return cached.counts;
  const counts = await prisma.$queryRaw<TaskTrialCounts[]>`
    SELECT ${first.id}::text AS "runId", r."taskId", k.domain, count(*)::int AS trials, (count(*) FILTER (WHERE r.correct))::int AS correct
      FROM "TaskResult" r JOIN "Task" k ON k.id = r."taskId"
     WHERE r.status = 'done' AND r."runId" IN (${Prisma.join(group.map((run) => run.id))})
     GROUP BY r."taskId", k.domain`;
  setBounded(pooledCache, first.id, { stateKey, counts }, POOLED_CACHE_SIZE);
  return counts;
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

/** The filtered, sorted configuration rows and the filter options present in the data. */
export async function getConfigLeaderboard(query: ConfigBoardQuery) {
  const [runRows, domainTasks] = await Promise.all([loadRunRows(), domainTaskCount(query.domain, query.groundTruth, query.dataset)]);
  // The board of unchanged runs is the one computed last time: a viewed leaderboard costs one query.
  const key = JSON.stringify([query, domainTasks ?? null, runRows]);
  const cached = boardCache.get(key);
  if (cached) return cached;
  const board = await computeBoard(runRows, query, domainTasks);
  setBounded(boardCache, key, board, BOARD_CACHE_SIZE);
  return board;
}

const boardCache = new Map<string, Awaited<ReturnType<typeof computeBoard>>>();
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
