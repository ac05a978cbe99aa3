// Every imported dataset with its count of runs the boards count (lib/runs/counted-runs.ts), for the boards' dataset tabs, the dataset they open on
// and their empty states. Pages get data only through lib/queries/*. One plain SQL query: it runs on every
// board request, and two model queries cost the server more than the answer (Prisma compiles each).
import "server-only";
import { prisma } from "@/lib/db";
import { countedRunSql } from "@/lib/runs/counted-runs";
import { orderBoardDatasets, type BoardDataset } from "@/lib/datasets/board-dataset";

export async function listBoardDatasets(): Promise<BoardDataset[]> {
  const rows = await prisma.$queryRaw<BoardDataset[]>`
    SELECT d.slug, d.name, d.kind, d.source,
           (SELECT count(*)::int FROM "Run" r WHERE r."datasetId" = d.id AND r."tasksDone" > 0 AND ${countedRunSql("r")}) AS runs,
           (SELECT count(*)::int FROM "Run" r WHERE r."datasetId" = d.id AND r."tasksDone" > 0 AND r."testRun" AND ${countedRunSql("r", { includeTests: true })}) AS "testRuns"
      FROM "Dataset" d`;
  return orderBoardDatasets(rows);
}
