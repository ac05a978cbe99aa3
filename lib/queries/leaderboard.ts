// Leaderboard: one row per finished run, aggregated in SQL over its scored results.
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

export async function getLeaderboard({
  groundTruth,
  toolSet,
  sort = "accuracy",
  direction = "desc",
}: {
  groundTruth?: string;
  toolSet?: string;
  sort?: LeaderboardSort;
  direction?: "asc" | "desc";
}): Promise<LeaderboardRow[]> {
  const filters = [Prisma.sql`(r.status = 'completed' OR r.source = 'imported')`];
  if (groundTruth) filters.push(Prisma.sql`r."groundTruth" = ${groundTruth}`);
  if (toolSet) filters.push(Prisma.sql`r."toolSet" = ${toolSet}`);
  const rows = await prisma.$queryRaw<LeaderboardCounts[]>`
    SELECT r.id, r.name, r.agent, r.provider, r.model, r."toolSet", r."groundTruth", r.source, r."createdAt",
      (r."inputTokens" + r."outputTokens")::int AS tokens, r."costUsd"::float8 AS "costUsd",
      count(tr.id)::int AS n,
      (count(*) FILTER (WHERE tr.correct))::int AS correct,
      (count(*) FILTER (WHERE tr."sideEffects"))::int AS "sideEffects",
      (count(*) FILTER (WHERE tr."exactMatch"))::int AS "exactMatch",
      (count(*) FILTER (WHERE t."actionCount" = 0))::int AS "zeroN",
      (count(*) FILTER (WHERE t."actionCount" = 0 AND tr.correct))::int AS "zeroCorrect",
      (count(*) FILTER (WHERE t."actionCount" > 0))::int AS "onePlusN",
      (count(*) FILTER (WHERE t."actionCount" > 0 AND tr.correct))::int AS "onePlusCorrect",
      (count(*) FILTER (WHERE t."actionCount" > 1))::int AS "twoPlusN",
      (count(*) FILTER (WHERE t."actionCount" > 1 AND tr.correct))::int AS "twoPlusCorrect"
    FROM "Run" r
    JOIN "TaskResult" tr ON tr."runId" = r.id AND tr.status = 'done'
    JOIN "Task" t ON t.id = tr."taskId"
    WHERE ${Prisma.join(filters, " AND ")}
    GROUP BY r.id`;
  return sortLeaderboard(rows.map(toLeaderboardRow), sort, direction);
}
