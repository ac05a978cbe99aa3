// Reads behind the configuration page's Reliability card (docs/reliability-profile.md): three of the
// profile's dimensions, each from rows Studio already stores for one configuration's counted runs (the
// runs getConfiguration pools). Safety weighs each scored answer's harms, read from its stored diff
// (TaskResult.diff) against the initial sandbox of the run's ground-truth version; consistency reads the
// verdicts, calls, tokens and cost of every trial of runs with trials ≥ 2; fault robustness is the
// robustness board's paired rows for this configuration. A dimension without runs says "not measured"
// and the command that would measure it.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { setBounded } from "@/lib/bounded-map";
import { prisma } from "@/lib/db";
import { rowsToSandbox } from "@/lib/datasets/sandbox-rows";
import { cleanCounterpartCommand, type CounterpartSource, type RobustnessBoardRow } from "@/lib/metrics/robustness-board";
import {
  brierInterval,
  calibration,
  harmProfile,
  paraphraseRobustness,
  trialStability,
  type Calibration,
  type HarmProfile,
  type ParaphraseRobustness,
  type TrialStability,
} from "@/lib/metrics/reliability";
import { wilsonInterval, type Interval } from "@/lib/metrics/wilson";
import { countedRunSql } from "@/lib/runs/counted-runs";
import { classifyHarms, heaviestHarm, initialRowsByKey } from "@/lib/workbench/analysis/harm-severity";
import type { StateDiff } from "@/lib/workbench/sandbox/types";
import { PHRASINGS } from "@/lib/workbench/datasets/phrasings/names";
import { getConfiguration } from "./config-leaderboard";
import { getRobustnessBoard } from "./robustness-board";

export interface ProfileRun {
  readonly id: string;
  readonly name: string;
}

/** A dimension: its figures and the runs they rest on, or why it is not measured and the command that would measure it. */
export type Dimension<T> =
  | { readonly measured: true; readonly runs: readonly ProfileRun[]; readonly value: T }
  | { readonly measured: false; readonly reason: string; readonly command: string | null };

export interface Safety extends HarmProfile {
  readonly harmInterval: Interval | null;
  readonly irreversibleInterval: Interval | null;
}

export interface ReliabilityProfile {
  readonly safety: Dimension<Safety>;
  readonly consistency: Dimension<Consistency>;
  readonly faults: Dimension<readonly RobustnessBoardRow[]>;
  readonly paraphrase: Dimension<Paraphrase>;
  readonly predictability: Dimension<Predictability>;
}

export interface Predictability extends Calibration {
  readonly brierInterval: Interval | null;
}

export interface Paraphrase extends ParaphraseRobustness {
  /** The configuration key of each phrasing measured (its profile page), original first. */
  readonly keys: Readonly<Record<string, string>>;
  /** Wilson interval of "all wordings right" over the tasks run in every phrasing. */
  readonly allWordingsRightInterval: Interval | null;
}

export interface Consistency extends TrialStability {
  /**
   * Wilson intervals over the tasks: of pass^k (the tasks with all k trials right; exact when every unit has
   * k trials, the unbiased estimator's value rounded to a count otherwise) and of outcome consistency.
   */
  readonly passHatKInterval: Interval | null;
  readonly outcomeConsistencyInterval: Interval | null;
}

/** A pooled run: what the profile shows of it, and the settings a "measure it" command repeats (as the robustness board's). */
interface RunRow extends ProfileRun, Omit<CounterpartSource, "limit" | "sample" | "seed"> {
  readonly source: string;
  readonly params: unknown;
  /** The ground-truth version its diffs were computed on (the latest of its ground truth for runs recorded before versions). */
  readonly versionId: string | null;
}

/** The configuration's counted runs (test runs belong to a test configuration's key, so they are kept here). */
async function loadRuns(ids: readonly string[]): Promise<RunRow[]> {
  if (ids.length === 0) return [];
  return prisma.$queryRaw<RunRow[]>`
    SELECT r.id, r.name, r.source, r.agent, r.endpoint, r.model, d.slug AS dataset, r."groundTruth", r.protocol, r."scoringRevision",
           r."toolSet", r.trials, r.params,
           coalesce(r."versionId", (SELECT g.id FROM "GroundTruthVersion" g WHERE g."datasetId" = r."datasetId" AND g.name = r."groundTruth" ORDER BY g."importedAt" DESC LIMIT 1)) AS "versionId"
      FROM "Run" r JOIN "Dataset" d ON d.id = r."datasetId"
     WHERE r.id = ANY(${[...ids]}) AND ${countedRunSql("r", { includeTests: true })}
     ORDER BY r."createdAt", r.id`;
}

/** The boards' scored results (config_tally_fold): done, and not a provider failure except in recorded runs. */
const scored = Prisma.sql`x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))`;

/** Initial rows by key of each ground-truth version, kept per process (a version's sandbox never changes). */
const initialByVersion = new Map<string, Promise<ReturnType<typeof initialRowsByKey>>>();

function initialRowsOf(versionId: string): Promise<ReturnType<typeof initialRowsByKey>> {
  let rows = initialByVersion.get(versionId);
  if (!rows) {
    rows = (async () => {
      const version = await prisma.groundTruthVersion.findUniqueOrThrow({
        where: { id: versionId },
        select: { sandboxColumns: true, sandboxRows: { select: { table: true, position: true, data: true } } },
      });
      const sandbox = rowsToSandbox(version.sandboxRows, version.sandboxColumns);
      return initialRowsByKey(sandbox.tables);
    })();
    setBounded(initialByVersion, versionId, rows, 8);
    rows.catch(() => initialByVersion.delete(versionId));
  }
  return rows;
}

async function safetyOf(runs: readonly RunRow[]): Promise<Dimension<Safety>> {
  const withVersion = runs.filter((run) => run.versionId !== null);
  const results = withVersion.length
    ? await prisma.$queryRaw<{ runId: string; correct: boolean; diff: unknown }[]>`
        SELECT x."runId", x.correct IS TRUE AS correct, x.diff FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId"
         WHERE x."runId" = ANY(${withVersion.map((run) => run.id)}) AND ${scored}`
    : [];
  if (results.length === 0) return notMeasured("no scored answer", runs[0], { trials: 1 });
  const versionOf = new Map(withVersion.map((run) => [run.id, run.versionId as string]));
  const initial = new Map(await Promise.all([...new Set(versionOf.values())].map(async (id) => [id, await initialRowsOf(id)] as const)));
  const answers = results.map((result) => {
    const diff = (Array.isArray(result.diff) ? result.diff : []) as StateDiff;
    return { correct: result.correct, severity: heaviestHarm(classifyHarms(diff, initial.get(versionOf.get(result.runId) as string) ?? new Map())) };
  });
  const profile = harmProfile(answers);
  const harmed = Object.values(profile.byClass).reduce((sum, count) => sum + count, 0);
  const irreversible = answers.filter((answer) => !answer.correct && (answer.severity === "sent" || answer.severity === "destroyed")).length;
  const rested = new Set(results.map((result) => result.runId));
  return {
    measured: true,
    runs: runs.filter((run) => rested.has(run.id)).map(({ id, name }) => ({ id, name })),
    value: { ...profile, harmInterval: wilsonInterval(harmed, profile.answers), irreversibleInterval: wilsonInterval(irreversible, profile.wrong) },
  };
}

/**
 * Consistency over the runs with trials ≥ 2. A unit is one task of one run (its k trials), so pooled
 * runs never mix their trials; k is the smallest `trials` among those runs.
 */
async function consistencyOf(runs: readonly RunRow[]): Promise<Dimension<Consistency>> {
  const repeated = runs.filter((run) => run.trials >= 2);
  if (repeated.length === 0) {
    return notMeasured("no run of this configuration has more than one trial", runs[0], { trials: 3 });
  }
  const rows = await prisma.$queryRaw<{ runId: string; taskId: string; trial: number; correct: boolean; calls: string[]; tokens: number; costUsd: number }[]>`
    SELECT x."runId", x."taskId", x.trial, x.correct IS TRUE AS correct, x.calls, (x."inputTokens" + x."outputTokens")::int AS tokens, x."costUsd"
      FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId"
     WHERE x."runId" = ANY(${repeated.map((run) => run.id)}) AND ${scored}`;
  const k = Math.min(...repeated.map((run) => run.trials));
  const stability = trialStability(rows.map((row) => ({ ...row, taskId: `${row.runId}\u0000${row.taskId}` })), k);
  if (!stability || stability.tasks === 0) return notMeasured(`no task has all ${k} trials scored`, runs[0], { trials: 3 });
  const over = (share: number | null) => (share === null ? null : wilsonInterval(Math.round(share * stability.tasks), stability.tasks));
  return {
    measured: true,
    runs: repeated.map(({ id, name }) => ({ id, name })),
    value: { ...stability, passHatKInterval: over(stability.passHatK), outcomeConsistencyInterval: over(stability.outcomeConsistency) },
  };
}

async function faultsOf(runs: readonly RunRow[], includeTests: boolean): Promise<Dimension<readonly RobustnessBoardRow[]>> {
  if (runs.length === 0) return { measured: false, reason: "no counted run", command: null };
  // The robustness board's configuration: the tally key without its "fault=" part, as the board computes it.
  const keys = await prisma.$queryRaw<{ configuration: string }[]>`
    SELECT DISTINCT (SELECT jsonb_agg(e ORDER BY i) FROM jsonb_array_elements_text(c."configKey"::jsonb) WITH ORDINALITY AS p(e, i) WHERE e NOT LIKE 'fault=%')::text AS configuration
      FROM "RunConfigKey" c WHERE c."runId" = ANY(${runs.map((run) => run.id)}) AND c."configKey" IS NOT NULL`;
  const mine = new Set(keys.map((key) => key.configuration));
  const rows = (await getRobustnessBoard({ includeTests })).filter((row) => mine.has(row.configuration) && row.pairs > 0);
  if (rows.length === 0) {
    return notMeasured("no faulted run paired with a clean run on the same tasks", runs[0], { trials: 1, faultRate: 0.1 });
  }
  const names = new Map(rows.flatMap((row) => row.runs.flatMap((pairing) => (pairing.clean ? [pairing.faulted, pairing.clean] : [pairing.faulted]))).map((run) => [run.id, run.name]));
  return { measured: true, runs: [...names].map(([id, name]) => ({ id, name })), value: rows };
}

/**
 * The key of one phrasing of a configuration: its key with the "phrasing=<name>" part set (none for the
 * original), in run_key()'s order (after "fault=<rate>", before "test").
 */
export function phrasingSibling(key: string, phrasing: string): string {
  const parts = (JSON.parse(key) as string[]).filter((part) => !part.startsWith("phrasing="));
  const test = parts.at(-1) === "test" && parts.length > 7 ? parts.pop() : undefined;
  if (phrasing !== "original") parts.push(`phrasing=${phrasing}`);
  if (test) parts.push(test);
  return JSON.stringify(parts);
}

/**
 * Robustness to paraphrase: the configuration in each phrasing (its sibling keys). One verdict per
 * (phrasing, task, trial): where several runs of a phrasing scored the same cell, the latest run's.
 */
async function paraphraseOf(key: string, runs: readonly RunRow[]): Promise<Dimension<Paraphrase>> {
  const siblings = await Promise.all(
    PHRASINGS.map(async (phrasing) => {
      const siblingKey = phrasingSibling(key, phrasing);
      const configuration = await getConfiguration(siblingKey);
      return { phrasing, key: siblingKey, runs: configuration?.runs ?? [] };
    }),
  );
  const present = siblings.filter((sibling) => sibling.runs.length > 0);
  const runIds = present.flatMap((sibling) => sibling.runs.map((run) => run.id));
  const phrasingOf = new Map(present.flatMap((sibling) => sibling.runs.map((run) => [run.id, sibling.phrasing] as const)));
  const rows = runIds.length
    ? await prisma.$queryRaw<{ runId: string; taskId: string; trial: number; correct: boolean }[]>`
        SELECT DISTINCT ON (p.phrasing, x."taskId", x.trial) x."runId", x."taskId", x.trial, x.correct IS TRUE AS correct
          FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId"
          JOIN unnest(${runIds}::text[], ${runIds.map((id) => phrasingOf.get(id) as string)}::text[]) AS p(id, phrasing) ON p.id = r.id
         WHERE ${scored}
         ORDER BY p.phrasing, x."taskId", x.trial, r."createdAt" DESC, r.id DESC`
    : [];
  const verdicts = rows.map((row) => ({ taskKey: row.taskId, trial: row.trial, phrasing: phrasingOf.get(row.runId) as string, correct: row.correct }));
  const phrasings = new Set(verdicts.map((verdict) => verdict.phrasing));
  if (!phrasings.has("original") || phrasings.size < 2) {
    const reason = phrasings.size === 0 ? "no scored answer" : phrasings.has("original") ? "no run of a reworded phrasing (alt-1, alt-2)" : "no run of the original wording to compare with";
    const base = runs[0];
    const command = runCommand(base, { trials: base?.trials ?? 1 });
    return { measured: false, reason, command: command ? `${command} --phrasing all` : null };
  }
  const used = new Set(rows.map((row) => row.runId));
  const robustness = paraphraseRobustness(verdicts);
  const shown = present.flatMap((sibling) => sibling.runs.filter((run) => used.has(run.id)));
  return {
    measured: true,
    runs: shown.map(({ id, name }) => ({ id, name })),
    value: {
      ...robustness,
      allWordingsRightInterval: wilsonInterval(Math.round(robustness.allWordingsRight * robustness.tasksInEveryPhrasing), robustness.tasksInEveryPhrasing),
      keys: Object.fromEntries(present.filter((sibling) => phrasings.has(sibling.phrasing)).map((sibling) => [sibling.phrasing, sibling.key])),
    },
  };
}

/**
 * Predictability: the stated confidences of the configuration's scored answers, in the runs that asked
 * for them (params.askConfidence, the confidence turn), as the board's compact Brier reads them.
 */
async function predictabilityOf(runs: readonly RunRow[]): Promise<Dimension<Predictability>> {
  const rows = runs.length
    ? await prisma.$queryRaw<{ runId: string; confidence: number; correct: boolean }[]>`
        SELECT x."runId", x.confidence, x.correct IS TRUE AS correct FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId"
         WHERE x."runId" = ANY(${runs.map((run) => run.id)}) AND r.params @> '{"askConfidence": true}' AND x.confidence IS NOT NULL AND ${scored}`
    : [];
  if (rows.length === 0) {
    const base = runs[0];
    const command = runCommand(base, { trials: base?.trials ?? 1 });
    return { measured: false, reason: "no scored answer has a stated confidence", command: command ? `${command} --ask-confidence` : null };
  }
  const used = new Set(rows.map((row) => row.runId));
  return { measured: true, runs: runs.filter((run) => used.has(run.id)).map(({ id, name }) => ({ id, name })), value: { ...calibration(rows), brierInterval: brierInterval(rows) } };
}

function notMeasured(reason: string, run: RunRow | undefined, settings: { trials: number; faultRate?: number }): { measured: false; reason: string; command: string | null } {
  const recorded = run?.agent === "recorded" ? "; a recorded run cannot run again: this launches the ReAct agent on its model (ENDPOINT: the endpoint that serves it)" : "";
  return { measured: false, reason: `${reason}${recorded}`, command: runCommand(run, settings) };
}

/** The `workbench run` command that measures a dimension: this configuration's settings and sample, with these trials and fault rate. */
function runCommand(run: RunRow | undefined, { trials, faultRate = 0 }: { trials: number; faultRate?: number }): string | null {
  if (!run) return null;
  // A recorded run cannot run again: the command launches the paper's ReAct agent on its model (a configuration
  // of its own) through an endpoint the reader names (ENDPOINT; notMeasured says so).
  const recorded = run.agent === "recorded";
  const agent = recorded ? "react" : run.agent;
  const record = typeof run.params === "object" && run.params !== null ? (run.params as Record<string, unknown>) : {};
  const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
  const command = cleanCounterpartCommand({
    agent, endpoint: recorded && !run.endpoint ? "ENDPOINT" : run.endpoint, model: run.model, dataset: run.dataset, groundTruth: run.groundTruth, protocol: run.protocol,
    scoringRevision: run.scoringRevision, toolSet: run.toolSet, trials,
    limit: number(record.limit), sample: typeof record.sample === "string" ? record.sample : null, seed: number(record.seed),
    domains: Array.isArray(record.domains) ? record.domains.filter((domain): domain is string => typeof domain === "string") : [],
  });
  return command.replace(/ --fault-rate 0$/, faultRate ? ` --fault-rate ${faultRate}` : "");
}

/** The profile of one configuration (the board's key); null when no counted run has that key. */
export async function getReliabilityProfile({ key }: { key: string }): Promise<ReliabilityProfile | null> {
  const configuration = await getConfiguration(key);
  if (!configuration) return null;
  const runs = await loadRuns(configuration.runs.map((run) => run.id));
  const includeTests = configuration.row.test === true;
  const [safety, consistency, faults, paraphrase, predictability] = await Promise.all([
    safetyOf(runs), consistencyOf(runs), faultsOf(runs, includeTests), paraphraseOf(key, runs), predictabilityOf(runs),
  ]);
  return { safety, consistency, faults, paraphrase, predictability };
}
