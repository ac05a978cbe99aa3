// Every imported dataset with its count of runs, for the boards' dataset tabs, the dataset they open on
// and their empty states. Pages get data only through lib/queries/*.
import "server-only";
import { prisma } from "@/lib/db";
import { orderBoardDatasets, type BoardDataset } from "@/lib/datasets/board-dataset";

export async function listBoardDatasets(): Promise<BoardDataset[]> {
  const [datasets, runCounts] = await Promise.all([
    prisma.dataset.findMany({ select: { id: true, slug: true, name: true, kind: true, source: true } }),
    prisma.run.groupBy({ by: ["datasetId"], where: { tasksDone: { gt: 0 } }, _count: { _all: true } }),
  ]);
  const runsOf = new Map(runCounts.map((row) => [row.datasetId, row._count._all]));
  return orderBoardDatasets(datasets.map(({ id, ...dataset }) => ({ ...dataset, runs: runsOf.get(id) ?? 0 })));
}
