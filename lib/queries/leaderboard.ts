// Leaderboard: one row per finished run, from the per-run tallies maintained on write (RunTally), never
// from TaskResult. Filters are on Run columns; the page shows one slice of the sorted rows.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db";
import {
  sortLeaderboard,
  toLeaderboardRow,
  type LeaderboardCounts,
  type LeaderboardRow,
  type LeaderboardSort,
} from "@/lib/metrics/leaderboard-rows";

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
}

async function leaderboardCounts({ dataset, groundTruth, toolSet, protocol, scoringRevision }: LeaderboardFilter): Promise<LeaderboardCounts[]> {
  const filters = [Prisma.sql`(r.status = 'completed' OR r.source = 'imported')`];
  if (dataset) filters.push(Prisma.sql`r."datasetId" IN (SELECT d.id FROM "Dataset" d WHERE d.slug = ${dataset})`);
  if (groundTruth) filters.push(Prisma.sql`r."groundTruth" = ${groundTruth}`);
  if (toolSet) filters.push(Prisma.sql`r."toolSet" = ${toolSet}`);
  if (protocol) filters.push(Prisma.sql`r.protocol = ${protocol}`);
  if (scoringRevision) filters.push(Prisma.sql`r."scoringRevision" = ${scoringRevision}`);
  // Bucket rules as in the engine's ACTION_COUNT_BUCKETS: 0, 1+ (> 0), 2+ (> 1).
  return prisma.$queryRaw<LeaderboardCounts[]>`
    SELECT r.id, r.name, r.agent, r.provider, r.model, r."toolSet", r."groundTruth", r.source, r."createdAt",
      d.slug AS dataset, v.revision AS "versionRevision", r.protocol, r."scoringRevision",
      (r."inputTokens" + r."outputTokens")::int AS tokens, r."costUsd"::float8 AS "costUsd", r."estimatedCostUsd"::float8 AS "estimatedCostUsd",
      sum(t.n)::int AS n, sum(t.correct)::int AS correct,
      sum(t."sideEffects")::int AS "sideEffects", sum(t."exactMatch")::int AS "exactMatch",
      coalesce(sum(t.n) FILTER (WHERE t."actionCount" = 0), 0)::int AS "zeroN",
      coalesce(sum(t.correct) FILTER (WHERE t."actionCount" = 0), 0)::int AS "zeroCorrect",
      coalesce(sum(t.n) FILTER (WHERE t."actionCount" > 0), 0)::int AS "onePlusN",
      coalesce(sum(t.correct) FILTER (WHERE t."actionCount" > 0), 0)::int AS "onePlusCorrect",
      coalesce(sum(t.n) FILTER (WHERE t."actionCount" > 1), 0)::int AS "twoPlusN",
      coalesce(sum(t.correct) FILTER (WHERE t."actionCount" > 1), 0)::int AS "twoPlusCorrect"
    FROM "Run" r
    JOIN "Dataset" d ON d.id = r."datasetId"
    LEFT JOIN "GroundTruthVersion" v ON v.id = r."versionId"
    JOIN "RunTally" t ON t."runId" = r.id
    WHERE ${Prisma.join(filters, " AND ")}
    GROUP BY r.id, d.slug, v.revision
    HAVING sum(t.n) > 0`;
}

export async function getLeaderboard({
  dataset,
  groundTruth,
  toolSet,
  protocol,
  scoringRevision,
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
  sort?: LeaderboardSort;
  direction?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}): Promise<LeaderboardPage> {
  const all = sortLeaderboard((await leaderboardCounts({ dataset, groundTruth, toolSet, protocol, scoringRevision })).map(toLeaderboardRow), sort, direction);
  const sorted = all.filter((row) => !row.reference);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages - 1);
  return {
    rows: sorted.slice(current * pageSize, (current + 1) * pageSize),
    references: all.filter((row) => row.reference),
    total: sorted.length,
    page: current,
    pages,
  };
}
