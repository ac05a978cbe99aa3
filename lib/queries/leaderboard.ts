// Leaderboard: one row per finished run, read from the per-run figures maintained on write (RunBoard,
// recomputed from RunTally by trigger), never from TaskResult nor by summing tallies per request. The
// sort and the page are done by PostgreSQL (ORDER BY one RunBoard or Run column, LIMIT one page), so a
// request reads one page of runs whatever the history; the page count is one count of the filtered rows.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db";
import { countedRunSql } from "@/lib/runs/counted-runs";
import { REFERENCE_AGENTS } from "@/lib/metrics/reference-agents";
import { toLeaderboardRow, type LeaderboardCounts, type LeaderboardRow, type LeaderboardSort } from "@/lib/metrics/leaderboard-rows";

export { LEADERBOARD_SORTS, type LeaderboardRow, type LeaderboardSort } from "@/lib/metrics/leaderboard-rows";

export const LEADERBOARD_PAGE_SIZE = 15;

export interface LeaderboardPage {
  /** One page of the ranked runs (reference agents excluded). */
  readonly rows: LeaderboardRow[];
  /** Runs of reference agents (oracle, noop), in the same order, apart from the ranking. */
  readonly references: LeaderboardRow[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

interface LeaderboardFilter {
  readonly dataset?: string;
  readonly groundTruth?: string;
  readonly toolSet?: string;
  readonly protocol?: string;
  readonly scoringRevision?: string;
  /** Only runs with this tag. */
  readonly tag?: string;
  /** Test runs too (mock or test endpoints, or marked): off the ranking by default. */
  readonly includeTests?: boolean;
}

/** The SQL value each sort orders by: the same figures lib/metrics/leaderboard-rows.ts's sort uses. */
const SORT_SQL: Record<LeaderboardSort, Prisma.Sql> = {
  accuracy: Prisma.sql`b.accuracy`,
  sideEffects: Prisma.sql`b."sideEffectRate"`,
  exactMatch: Prisma.sql`b."exactMatchRate"`,
  zeroAction: Prisma.sql`b."zeroAction"`,
  onePlus: Prisma.sql`b."onePlus"`,
  twoPlus: Prisma.sql`b."twoPlus"`,
  tokens: Prisma.sql`(r."inputTokens" + r."outputTokens")`,
  cost: Prisma.sql`r."costUsd"`,
  date: Prisma.sql`r."createdAt"`,
  model: Prisma.sql`coalesce(r.model, r.agent)`,
};

function whereOf({ dataset, groundTruth, toolSet, protocol, scoringRevision, tag, includeTests }: LeaderboardFilter, reference: boolean): Prisma.Sql {
  // The boards' rule (archived runs on no board; test runs only when asked for), and some verdicts.
  const filters = [countedRunSql("r", { includeTests }), Prisma.sql`b.n > 0`];
  if (tag) filters.push(Prisma.sql`${tag} = ANY (r.tags)`);
  filters.push(reference ? Prisma.sql`r.agent IN (${Prisma.join(REFERENCE_AGENTS)})` : Prisma.sql`r.agent NOT IN (${Prisma.join(REFERENCE_AGENTS)})`);
  if (dataset) filters.push(Prisma.sql`r."datasetId" IN (SELECT d.id FROM "Dataset" d WHERE d.slug = ${dataset})`);
  if (groundTruth) filters.push(Prisma.sql`r."groundTruth" = ${groundTruth}`);
  if (toolSet) filters.push(Prisma.sql`r."toolSet" = ${toolSet}`);
  if (protocol) filters.push(Prisma.sql`r.protocol = ${protocol}`);
  if (scoringRevision) filters.push(Prisma.sql`r."scoringRevision" = ${scoringRevision}`);
  return Prisma.join(filters, " AND ");
}

/**
 * Labels order as JavaScript's localeCompare does (the board sorted in TypeScript before) with ICU's root
 * collation where the server has it (most builds do); else the database's own. Asked once per process.
 */
let labelCollation: Promise<Prisma.Sql> | null = null;
function collationOfLabels(): Promise<Prisma.Sql> {
  labelCollation ??= prisma.$queryRaw<{ icu: boolean }[]>`SELECT EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') AS icu`
    .then(([row]) => (row?.icu ? Prisma.sql`COLLATE "und-x-icu"` : Prisma.empty))
    .catch(() => Prisma.empty);
  return labelCollation;
}

async function leaderboardRows(where: Prisma.Sql, sort: LeaderboardSort, direction: "asc" | "desc", window: { limit: number; offset: number } | null): Promise<LeaderboardCounts[]> {
  const order = direction === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  // Ties by label (ascending whatever the direction), then id so that pages never overlap.
  const limit = window ? Prisma.sql`LIMIT ${window.limit} OFFSET ${window.offset}` : Prisma.empty;
  const collate = await collationOfLabels();
  const value = sort === "model" ? Prisma.sql`${SORT_SQL.model} ${collate}` : SORT_SQL[sort];
  return prisma.$queryRaw<LeaderboardCounts[]>`
    SELECT r.id, r.name, r.agent, r.provider, r.model, r."toolSet", r."groundTruth", r.source, r."createdAt", r."testRun", r.tags,
      d.slug AS dataset, v.revision AS "versionRevision", r.protocol, r."scoringRevision",
      (r."inputTokens" + r."outputTokens")::int AS tokens, r."costUsd"::float8 AS "costUsd", r."estimatedCostUsd"::float8 AS "estimatedCostUsd",
      b.done, b."providerFailures", b.n, b.correct, b."sideEffects", b."exactMatch", b."zeroN", b."zeroCorrect",
      b."onePlusN", b."onePlusCorrect", b."twoPlusN", b."twoPlusCorrect"
    FROM "RunBoard" b
    JOIN "Run" r ON r.id = b."runId"
    JOIN "Dataset" d ON d.id = r."datasetId"
    LEFT JOIN "GroundTruthVersion" v ON v.id = r."versionId"
    WHERE ${where}
    ORDER BY ${value} ${order}, coalesce(r.model, r.agent) ${collate} ASC, r.id ASC
    ${limit}`;
}

async function countRanked(where: Prisma.Sql): Promise<number> {
  const [row] = await prisma.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM "RunBoard" b JOIN "Run" r ON r.id = b."runId" WHERE ${where}`;
  return row?.total ?? 0;
}

export async function getLeaderboard({
  dataset,
  groundTruth,
  toolSet,
  protocol,
  scoringRevision,
  tag,
  includeTests,
  sort = "accuracy",
  direction = "desc",
  page = 0,
  pageSize = LEADERBOARD_PAGE_SIZE,
}: {
  /** Dataset slug: runs compare only with runs on the same dataset. */
  dataset?: string;
  groundTruth?: string;
  toolSet?: string;
  /** "2024" | "2026": which protocol the run followed (tools, parser, scoring, harness). */
  protocol?: string;
  /** A 2026 scoring revision ("2026-06" | "2026-07"). */
  scoringRevision?: string;
  tag?: string;
  includeTests?: boolean;
  sort?: LeaderboardSort;
  direction?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}): Promise<LeaderboardPage> {
  const filter = { dataset, groundTruth, toolSet, protocol, scoringRevision, tag, includeTests };
  const ranked = whereOf(filter, false);
  const [total, references] = await Promise.all([countRanked(ranked), leaderboardRows(whereOf(filter, true), sort, direction, null)]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages - 1);
  const rows = await leaderboardRows(ranked, sort, direction, { limit: pageSize, offset: current * pageSize });
  return { rows: rows.map(toLeaderboardRow), references: references.map(toLeaderboardRow), total, page: current, pages };
}
