// Reads behind the configuration board's rank bands and noise figures (lib/metrics/board-bands.ts,
// lib/metrics/noise.ts), from what the triggers keep, so history costs what the board's rows do: per
// configuration and task its pooled (trials, correct) (ConfigTaskTally, the boards' scored results), and per
// run its scored results (RunBoard). Only a configuration of one run with several trials reads TaskResult:
// that run's accuracy per trial, summed in SQL.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db";
import { boardBands } from "@/lib/metrics/board-bands";
import type { ConfigRow } from "@/lib/metrics/config-leaderboard";
import { noiseOfTallies, type TaskTally } from "@/lib/metrics/noise";

/** Each shown configuration's tally keys (usually one; more where runs recorded before versions join it). */
export type TallyGroups = ReadonlyMap<string, ReadonlySet<string>>;

interface RunScore {
  readonly configKey: string;
  readonly runId: string;
  readonly trials: number;
  readonly results: number;
  readonly correct: number;
}

/** Per shown configuration, per task id: its tallies pooled over the configuration's tally keys (one domain's tasks when given). */
async function loadTaskTallies(groups: TallyGroups, domain: string | undefined): Promise<Map<string, Map<string, TaskTally>>> {
  const shownOf = new Map([...groups].flatMap(([key, tallyKeys]) => [...tallyKeys].map((tallyKey) => [tallyKey, key] as const)));
  const byKey = new Map<string, Map<string, TaskTally>>();
  if (shownOf.size === 0) return byKey;
  // One row per tally key, its tasks as one text ("<task id> <trials> <correct>," …; ids are cuids), not one row
  // per task: 64 configurations × 690 tasks are 64 rows, read and parsed in about half the time of arrays.
  // In task order: the figures are sums in floating point, so the board and a configuration's page (whose
  // plans differ) must add them in one order to agree to the last bit.
  const rows = await prisma.$queryRaw<{ configKey: string; cells: string }[]>`
    SELECT "configKey", string_agg("taskId" || ' ' || trials || ' ' || correct, ',' ORDER BY "taskId") AS cells
      FROM "ConfigTaskTally"
     WHERE trials > 0 AND "configKey" IN (${Prisma.join([...shownOf.keys()])}) ${domain === undefined ? Prisma.empty : Prisma.sql`AND domain = ${domain}`}
     GROUP BY "configKey"`;
  for (const row of rows) {
    const key = shownOf.get(row.configKey) as string;
    const tasks = byKey.get(key) ?? new Map<string, TaskTally>();
    for (const cell of row.cells.split(",")) {
      const [task = "", trials = "0", correct = "0"] = cell.split(" ");
      const before = tasks.get(task) ?? { trials: 0, correct: 0 };
      tasks.set(task, { trials: before.trials + Number(trials), correct: before.correct + Number(correct) });
    }
    byKey.set(key, tasks);
  }
  return byKey;
}

/** Each run's scored results in scope (RunBoard: the whole run, or one domain's cell), runs without any left out. */
async function loadRunScores(groups: TallyGroups, domain: string | undefined): Promise<RunScore[]> {
  const shownOf = new Map([...groups].flatMap(([key, tallyKeys]) => [...tallyKeys].map((tallyKey) => [tallyKey, key] as const)));
  if (shownOf.size === 0) return [];
  const rows = await prisma.$queryRaw<RunScore[]>`
    SELECT c."configKey", r.id AS "runId", r.trials,
           ${domain === undefined ? Prisma.sql`b.n` : Prisma.sql`coalesce((b.domains -> ${domain} ->> 'results')::int, 0)`} AS results,
           ${domain === undefined ? Prisma.sql`b.correct` : Prisma.sql`coalesce((b.domains -> ${domain} ->> 'correct')::int, 0)`} AS correct
      FROM "RunConfigKey" c JOIN "RunBoard" b ON b."runId" = c."runId" JOIN "Run" r ON r.id = c."runId"
     WHERE c."configKey" IN (${Prisma.join([...shownOf.keys()])})`;
  return rows.filter((row) => row.results > 0).map((row) => ({ ...row, configKey: shownOf.get(row.configKey) as string }));
}

/** The accuracy of each trial of these runs (by run id), over their scored results in scope. */
async function loadTrialAccuracies(runIds: readonly string[], domain: string | undefined): Promise<Map<string, number[]>> {
  const byRun = new Map<string, number[]>();
  if (runIds.length === 0) return byRun;
  const rows = await prisma.$queryRaw<{ runId: string; trial: number; results: number; correct: number }[]>`
    SELECT x."runId", x.trial, count(*)::int AS results, (count(*) FILTER (WHERE x.correct))::int AS correct
      FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId" ${domain === undefined ? Prisma.empty : Prisma.sql`JOIN "Task" t ON t.id = x."taskId"`}
     WHERE x."runId" = ANY(${[...runIds]}) AND x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))
           ${domain === undefined ? Prisma.empty : Prisma.sql`AND t.domain = ${domain}`}
     GROUP BY x."runId", x.trial ORDER BY x."runId", x.trial`;
  for (const row of rows) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row.correct / row.results]);
  return byRun;
}

/**
 * The rows with their noise (every row) and, when `bands`, their rank bands (the board's ranked rows). The
 * spread is over the configuration's runs (each run's pass@1 over its scored results), or over its one
 * run's trials when it has a single run.
 */
export async function withBandsAndNoise(
  rows: readonly ConfigRow[],
  groups: TallyGroups,
  { domain, bands }: { readonly domain?: string; readonly bands: boolean },
): Promise<ConfigRow[]> {
  const shown = new Map(rows.map((row) => [row.key, groups.get(row.key) ?? new Set<string>()] as const));
  const [tallies, runs] = await Promise.all([loadTaskTallies(shown, domain), loadRunScores(shown, domain)]);
  const runsOf = new Map<string, RunScore[]>();
  for (const run of runs) runsOf.set(run.configKey, [...(runsOf.get(run.configKey) ?? []), run]);
  const single = [...runsOf.values()].filter((list) => list.length === 1 && list[0]!.trials >= 2).map((list) => list[0]!.runId);
  const trialAccuracies = await loadTrialAccuracies(single, domain);
  const banded = bands ? boardBands(rows, tallies) : new Map();
  return rows.map((row) => {
    const own = runsOf.get(row.key) ?? [];
    const repeats = own.length === 1
      ? { runs: 1, kind: "trials" as const, accuracies: trialAccuracies.get(own[0]!.runId) ?? [] }
      : { runs: own.length, kind: "runs" as const, accuracies: own.map((run) => run.correct / run.results) };
    const noise = noiseOfTallies([...(tallies.get(row.key)?.values() ?? [])], repeats);
    return { ...row, band: banded.get(row.key) ?? null, noise };
  });
}
