// The verdict matrix the item bank is fitted on (lib/metrics/irt): one row per configuration, one column per
// task of one dataset's ground truth. A configuration is the boards' key (RunConfigKey, run_key() in
// lib/runs/tally.sql) over the runs the boards count (lib/runs/counted-runs.ts): recorded (imported) runs
// take part like finished ones. A cell is the first trial's scored verdict (done, and not a provider failure
// except in recorded runs: the boards' rule) of the configuration's earliest run that has one; null when
// none of its runs scored the task. Tasks carry their base template (WorkBench: 69 templates × 10 tasks).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { countedRunSql } from "@/lib/runs/counted-runs";
import type { VerdictMatrix } from "@/lib/metrics/irt/fit";

export interface VerdictMatrixOptions {
  /** A dataset's slug; "official" (the default) is the official WorkBench. */
  readonly dataset?: string;
  /** The ground truth's name (v1, v2026); v1 by default. */
  readonly groundTruth?: string;
  /** Test runs: left out (the boards' default), taken in as well, or the only ones (a simulated population). */
  readonly tests?: "exclude" | "include" | "only";
  /** Only runs scored under this scoring revision (an item bank's scope); any by default. */
  readonly scoringRevision?: string;
  /** Only these runs (still by the counted rule). */
  readonly runIds?: readonly string[];
}

export interface DatabaseVerdictMatrix extends VerdictMatrix {
  /** Each configuration's runs that went into its row, in the rows' order. */
  readonly runs: readonly (readonly string[])[];
  /** Each configuration's earliest run's name (its key is JSON, long to print). */
  readonly labels: readonly string[];
}

interface CellRow {
  readonly configuration: string;
  readonly taskKey: string;
  readonly correct: boolean;
}

interface RunRow {
  readonly configuration: string;
  readonly runId: string;
  readonly name: string;
}

export function datasetSlugOf(dataset: string | undefined): string {
  return dataset === undefined || dataset === "official" ? OFFICIAL_DATASET_SLUG : dataset;
}

export async function readVerdictMatrix(prisma: PrismaClient, options: VerdictMatrixOptions = {}): Promise<DatabaseVerdictMatrix> {
  const slug = datasetSlugOf(options.dataset);
  const groundTruth = options.groundTruth ?? "v1";
  const tasks = await prisma.task.findMany({
    where: { version: { name: groundTruth, dataset: { slug } } },
    select: { key: true, baseTemplate: true },
    orderBy: { key: "asc" },
  });
  const tests = options.tests ?? "exclude";
  const counted = countedRunSql("r", { includeTests: tests !== "exclude" });
  const onlyTests = tests === "only" ? Prisma.sql` AND r."testRun"` : Prisma.empty;
  const onlyRuns = options.runIds ? Prisma.sql` AND r.id = ANY(${[...options.runIds]})` : Prisma.empty;
  const onlyRevision = options.scoringRevision !== undefined ? Prisma.sql` AND r."scoringRevision" = ${options.scoringRevision}` : Prisma.empty;
  const keyed = Prisma.sql`
    SELECT c."configKey" AS configuration, r.id AS "runId", r.name, r."createdAt", r.source
      FROM "RunConfigKey" c JOIN "Run" r ON r.id = c."runId" JOIN "Dataset" d ON d.id = r."datasetId"
     WHERE c."configKey" IS NOT NULL AND d.slug = ${slug} AND r."groundTruth" = ${groundTruth} AND ${counted}${onlyTests}${onlyRuns}${onlyRevision}`;
  const [runs, cells] = await Promise.all([
    prisma.$queryRaw<RunRow[]>`WITH keyed AS (${keyed}) SELECT configuration, "runId", name FROM keyed ORDER BY configuration, "createdAt", "runId"`,
    prisma.$queryRaw<CellRow[]>`
      WITH keyed AS (${keyed})
      SELECT DISTINCT ON (k.configuration, t.key) k.configuration, t.key AS "taskKey", x.correct IS TRUE AS correct
        FROM keyed k JOIN "TaskResult" x ON x."runId" = k."runId" JOIN "Task" t ON t.id = x."taskId"
       WHERE x.trial = 0 AND x.status = 'done' AND (k.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))
       ORDER BY k.configuration, t.key, k."createdAt", k."runId"`,
  ]);
  const runsOf = new Map<string, RunRow[]>();
  for (const run of runs) runsOf.set(run.configuration, [...(runsOf.get(run.configuration) ?? []), run]);
  const row = new Map([...runsOf.keys()].map((configuration) => [configuration, new Map<string, 0 | 1>()] as const));
  for (const cell of cells) row.get(cell.configuration)?.set(cell.taskKey, cell.correct ? 1 : 0);
  // A configuration without a single scored verdict has nothing to fit or estimate.
  const configurations = [...runsOf.keys()].filter((configuration) => (row.get(configuration)?.size ?? 0) > 0);
  return {
    configurations,
    tasks: tasks.map((task) => ({ key: task.key, template: task.baseTemplate })),
    rows: configurations.map((configuration) => tasks.map((task) => row.get(configuration)?.get(task.key) ?? null)),
    runs: configurations.map((configuration) => (runsOf.get(configuration) ?? []).map((run) => run.runId)),
    labels: configurations.map((configuration) => runsOf.get(configuration)?.[0]?.name ?? configuration),
  };
}
