// Reads behind the robustness board (app/leaderboard/robustness): the counted runs of every configuration
// that has faulted runs (RunConfigKey: completed or recorded, not archived), their scored verdicts by
// (task, trial), and the faulted runs' tool steps; lib/metrics/robustness-board.ts pairs them.
import "server-only";
import { prisma } from "@/lib/db";
import { shownOnBoard } from "@/lib/metrics/config-leaderboard";
import { robustnessMeasures } from "@/lib/metrics/robustness";
import {
  cleanCounterpartCommand,
  pairedRobustness,
  type BoardRun,
  type BoardVerdict,
  type RobustnessBoardRow,
} from "@/lib/metrics/robustness-board";
import { robustnessTasksByRun, writesOf } from "./robustness";

interface RunRow extends BoardRun {
  readonly test: boolean;
  readonly agent: string;
  readonly model: string | null;
  readonly endpoint: string | null;
  readonly toolSet: string;
  readonly protocol: string;
  readonly scoringRevision: string | null;
  readonly groundTruth: string;
  readonly dataset: string;
  readonly trials: number;
  readonly params: unknown;
}

/**
 * Counted runs whose configuration has a faulted run. A run's configuration is its tally key (run_key(),
 * lib/runs/tally.sql) without the "fault=<rate>" part; the key's "test" part stays, so test runs pair only
 * with test runs and the board's test filter applies to the configuration as on the other boards.
 */
async function loadRuns(): Promise<RunRow[]> {
  return prisma.$queryRaw<RunRow[]>`
    WITH keyed AS (
      SELECT c."runId",
             (SELECT jsonb_agg(e ORDER BY i) FROM jsonb_array_elements_text(c."configKey"::jsonb) WITH ORDINALITY AS p(e, i) WHERE e NOT LIKE 'fault=%')::text AS configuration,
             (SELECT substr(e, 7)::float8 FROM jsonb_array_elements_text(c."configKey"::jsonb) e WHERE e LIKE 'fault=%' LIMIT 1) AS "faultRate"
        FROM "RunConfigKey" c
       WHERE c."configKey" IS NOT NULL
    )
    SELECT k."runId" AS id, r.name, k.configuration, k."faultRate", r.params -> 'sweep' ->> 'id' AS "sweepId", r."createdAt",
           k.configuration::jsonb ? 'test' AS test, r.agent, r.model, r.endpoint, r."toolSet", r.protocol, r."scoringRevision",
           r."groundTruth", d.slug AS dataset, r.trials, r.params
      FROM keyed k JOIN "Run" r ON r.id = k."runId" JOIN "Dataset" d ON d.id = r."datasetId"
     WHERE k.configuration IN (SELECT configuration FROM keyed WHERE "faultRate" IS NOT NULL)
     ORDER BY r."createdAt", r.id`;
}

/** Their scored verdicts, by the boards' rule (config_tally_fold): done, and not a provider failure except in recorded runs. */
async function loadVerdicts(runIds: readonly string[]): Promise<BoardVerdict[]> {
  if (runIds.length === 0) return [];
  return prisma.$queryRaw<BoardVerdict[]>`
    SELECT x."runId", x."taskId", x.trial, x.correct IS TRUE AS correct, x."sideEffects" IS TRUE AS "sideEffects"
      FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId"
     WHERE x."runId" = ANY(${[...runIds]}) AND x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))`;
}

function paramsOf(params: unknown): { limit: number | null; sample: string | null; seed: number | null; domains: string[] } {
  const record = typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  return {
    limit: number(record.limit),
    sample: typeof record.sample === "string" ? record.sample : null,
    seed: number(record.seed),
    domains: Array.isArray(record.domains) ? record.domains.filter((domain): domain is string => typeof domain === "string") : [],
  };
}

/** The board: one row per (configuration, fault rate) with faulted runs; test runs' configurations only when asked for. */
export async function getRobustnessBoard({ includeTests = false }: { includeTests?: boolean } = {}): Promise<RobustnessBoardRow[]> {
  const runs = (await loadRuns()).filter((run) => shownOnBoard(run, { includeTests }));
  const verdicts = await loadVerdicts(runs.map((run) => run.id));
  const faulted = runs.filter((run) => run.faultRate !== null);
  const tasks = await robustnessTasksByRun(faulted.map((run) => run.id));
  const byId = new Map(runs.map((run) => [run.id, run]));
  return pairedRobustness(runs, verdicts).map((cell) => {
    const members = cell.runs.map((pairing) => byId.get(pairing.faulted.id) as RunRow);
    const first = members[0] as RunRow;
    return {
      ...cell,
      label: first.model ?? first.agent,
      agent: first.agent,
      toolSet: first.toolSet,
      dataset: first.dataset,
      groundTruth: first.groundTruth,
      protocol: first.protocol,
      test: first.test,
      measures: robustnessMeasures(members.flatMap((run) => tasks.get(run.id) ?? []), writesOf(first.protocol)),
      counterparts: cell.runs
        .filter((pairing) => pairing.clean === null)
        .map((pairing) => {
          const run = byId.get(pairing.faulted.id) as RunRow;
          return { runId: run.id, command: cleanCounterpartCommand({ ...run, ...paramsOf(run.params) }) };
        }),
    };
  });
}
