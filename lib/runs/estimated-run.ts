// Estimated runs (issue 40, docs/estimation.md): a run of n of a dataset's tasks, chosen by the item bank
// (a stored 2PL fit, lib/queries/item-bank.ts), whose full-benchmark accuracy is estimated with a 95 %
// interval (lib/metrics/irt/estimate.ts). With the bank and one task at a time (concurrency 1) the tasks
// adapt to the answers so far: the run is launched with its first task only, and after each verdict the
// next one is queued, the most informative at the ability the verdicts so far give (queueNextEstimatedTask,
// called after every finished result). Otherwise the n tasks are a template-stratified sample, queued at
// once. Without a bank (too few configurations to fit one) the estimate is template-stratified, and says so.
// An estimated run is off every board (run_key() is NULL for it; lib/runs/counted-runs.ts) until it is
// turned into a full run by running the rest of its tasks (convertEstimatedRun): same trials, same run,
// the verdicts already given unchanged.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { calibrated, type IntervalCalibration } from "@/lib/metrics/irt/calibrate";
import { Prisma } from "@/lib/generated/prisma/client";
import { seededRandom } from "@/lib/seeded-random";
import type { Item } from "@/lib/metrics/irt/two-pl";
import {
  abilityPosterior, estimateStratified, estimateWithBank, nextTask, posteriorMean, templateStratifiedSample,
  type Observed, type ScoreEstimate,
} from "@/lib/metrics/irt/estimate";
import { MIN_BANK_CONFIGURATIONS } from "@/lib/metrics/irt/check-report";
import { CodedError } from "@/lib/errors";
import { WAKE_CHANNEL } from "./wake";

export const DEFAULT_ESTIMATE_TASKS = 100;

/** What an estimated run stores of its plan (Run.estimate), kept when it is converted into a full run. */
export interface EstimatePlan {
  /** The tasks asked for (n). */
  readonly tasks: number;
  /** adaptive: one at a time by the bank's information; stratified: a template-stratified sample. */
  readonly selection: "adaptive" | "stratified";
  /** item-response: estimated with the bank; template-stratified: without one. */
  readonly method: ScoreEstimate["method"];
  /** The stored fit (ItemBankFit.id) the tasks were chosen and the estimate is made with. */
  readonly bankId: string | null;
  /** Why the selection or method is the fallback one (shown with the estimate). */
  readonly note: string | null;
  /** The sample's seed (stratified selection). */
  readonly seed: number;
  /** Set when the rest of the tasks were queued: from then on a full run. */
  readonly convertedAt?: string;
  /** The queue position the rest started at: the results before it are the estimate's (kept as it was). */
  readonly restFrom?: number;
}

/** A stored item bank as the runs use it. */
export interface StoredBank {
  readonly id: string;
  readonly configurations: number;
  readonly items: readonly Item[];
  /** How much its intervals are widened (calibrate.ts); null: as the model gives them. */
  readonly calibration: IntervalCalibration | null;
}

export interface BankScope {
  readonly datasetId: string;
  readonly groundTruth: string;
  readonly scoringRevision: string;
}

/** Where a launch gets its bank: the CLI and the form refit a stale one first (lib/queries/item-bank.ts). */
export type ItemBankSource = (scope: BankScope) => Promise<StoredBank | null>;

export interface EstimateCandidate {
  readonly id: string;
  readonly key: string;
  readonly template: string;
}

const BANK_SELECT = { id: true, configurations: true, items: true, calibration: true } as const;

function storedBankOf(row: { id: string; configurations: number; items: unknown; calibration: unknown }): StoredBank {
  return { id: row.id, configurations: row.configurations, items: row.items as Item[], calibration: (row.calibration as IntervalCalibration | null) ?? null };
}

/** The latest stored fit of a scope, as stored (fresh or not). */
export async function latestStoredBank(db: PrismaClient, scope: BankScope): Promise<StoredBank | null> {
  const row = await db.itemBankFit.findFirst({
    where: { datasetId: scope.datasetId, groundTruth: scope.groundTruth, scoringRevision: scope.scoringRevision },
    orderBy: { fittedAt: "desc" },
    select: BANK_SELECT,
  });
  return row ? storedBankOf(row) : null;
}

/** A bank fitted on enough configurations to choose and estimate with. */
export function usableBank(bank: StoredBank | null): bank is StoredBank {
  return bank !== null && bank.items.length > 0 && bank.configurations >= MIN_BANK_CONFIGURATIONS;
}

/**
 * The plan and the tasks queued at launch: the first task alone (adaptive: the most informative at the
 * prior's ability), or all n (stratified). A problem with n is the caller's input error.
 */
export function planEstimate<T extends EstimateCandidate>(
  candidates: readonly T[],
  options: { readonly tasks: number; readonly concurrency: number; readonly bank: StoredBank | null; readonly seed: number },
): { readonly plan: EstimatePlan; readonly queued: T[] } {
  const { tasks: n, bank, seed } = options;
  if (candidates.length === 0) throw new EstimateError("no_tasks", "No task to estimate from: the dataset (or the domain filter) has none");
  if (n >= candidates.length) {
    throw new EstimateError("too_many", `--tasks ${n} is not a subset of the ${candidates.length} tasks: run the full benchmark instead (no --estimate)`);
  }
  const configurations = bank?.configurations ?? 0;
  const usable = usableBank(bank);
  const method = usable ? "item-response" : "template-stratified";
  const fallback = usable ? null : `the item bank needs ${MIN_BANK_CONFIGURATIONS} configurations, ${configurations} here`;
  if (usable && options.concurrency === 1) {
    const first = nextTask(bankItemsOf(bank, candidates), 0, new Set());
    const queued = candidates.filter((task) => task.key === first?.taskKey);
    if (queued.length === 1) {
      return { plan: { tasks: n, selection: "adaptive", method, bankId: bank.id, note: null, seed }, queued };
    }
  }
  const sample = new Set(templateStratifiedSample(candidates.map((task) => ({ taskKey: task.key, template: task.template })), n, seededRandom(seed)).map((task) => task.taskKey));
  const note = fallback ?? (usable ? "concurrency above 1: a template-stratified sample, estimated with the item bank" : null);
  return { plan: { tasks: n, selection: "stratified", method, bankId: usable ? bank.id : null, note, seed }, queued: candidates.filter((task) => sample.has(task.key)) };
}

export type EstimateErrorCode = "no_tasks" | "too_many" | "not_estimated" | "not_finished";

export class EstimateError extends CodedError<EstimateErrorCode> {
  constructor(code: EstimateErrorCode, message: string) {
    super(code, message);
    this.name = "EstimateError";
  }
}

/** The bank's items on the run's candidate tasks. */
function bankItemsOf(bank: StoredBank, candidates: readonly EstimateCandidate[]): Item[] {
  const keys = new Set(candidates.map((task) => task.key));
  return bank.items.filter((item) => keys.has(item.taskKey));
}

/** The next task of an adaptive run: the most informative of the rest at the ability its verdicts give. */
export function nextAdaptiveTask(items: readonly Item[], observed: readonly Observed[], taken: ReadonlySet<string>): Item | null {
  const byKey = new Map(items.map((item) => [item.taskKey, item] as const));
  return nextTask(items, posteriorMean(abilityPosterior(byKey, observed)), taken);
}

/** The estimate from the verdicts given: with the bank when the plan has one, template-stratified otherwise. */
export function estimateFrom(plan: EstimatePlan, bank: StoredBank | null, candidates: readonly EstimateCandidate[], observed: readonly Observed[]): ScoreEstimate {
  if (plan.bankId && bank && bank.id === plan.bankId) return calibrated(estimateWithBank(bankItemsOf(bank, candidates), observed), bank.calibration);
  return estimateStratified(candidates.map((task) => ({ taskKey: task.key, template: task.template })), observed);
}

const banks = new Map<string, Promise<StoredBank | null>>();

/** A stored fit by id (fits are never rewritten: cached per process, a few kept). */
function storedBank(db: PrismaClient, id: string): Promise<StoredBank | null> {
  let bank = banks.get(id);
  if (!bank) {
    if (banks.size > 8) banks.clear();
    bank = db.itemBankFit.findUnique({ where: { id }, select: BANK_SELECT }).then((row) => (row ? storedBankOf(row) : null));
    banks.set(id, bank);
    bank.catch(() => banks.delete(id));
  }
  return bank;
}

interface RunForEstimate {
  readonly id: string;
  readonly versionId: string | null;
  readonly datasetId: string;
  readonly groundTruth: string;
  readonly params: unknown;
  readonly estimate: unknown;
}

/** The run's candidate tasks: its ground-truth revision's, in its domains (params.domains; all when empty). */
async function candidatesOf(db: PrismaClient | Prisma.TransactionClient, run: RunForEstimate): Promise<(EstimateCandidate & { readonly domain: string })[]> {
  const domains = ((run.params as { domains?: unknown } | null)?.domains as string[] | undefined) ?? [];
  const tasks = await db.task.findMany({
    where: {
      ...(run.versionId ? { versionId: run.versionId } : { version: { datasetId: run.datasetId, name: run.groundTruth } }),
      ...(domains.length > 0 ? { domain: { in: domains } } : {}),
    },
    orderBy: [{ domain: "asc" }, { position: "asc" }],
    select: { id: true, key: true, baseTemplate: true, domain: true },
  });
  return tasks.map((task) => ({ id: task.id, key: task.key, template: task.baseTemplate, domain: task.domain }));
}

/**
 * Each task's first-trial scored verdict (done, and not a provider failure: the boards' rule for launched
 * runs); with `before`, only the results queued before that position (a converted run's estimate).
 */
async function observedOf(db: PrismaClient | Prisma.TransactionClient, runId: string, before?: number): Promise<Observed[]> {
  const bound = before === undefined ? Prisma.empty : Prisma.sql` AND x."queuePosition" < ${before}`;
  return db.$queryRaw<Observed[]>`
    SELECT t.key AS "taskKey", x.correct IS TRUE AS correct
      FROM "TaskResult" x JOIN "Task" t ON t.id = x."taskId" JOIN "Run" r ON r.id = x."runId"
     WHERE x."runId" = ${runId} AND x.trial = 0 AND x.status = 'done'
       AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))${bound}
     ORDER BY x."finishedAt", t.key`;
}

export function planOf(estimate: unknown): EstimatePlan | null {
  return estimate !== null && typeof estimate === "object" && typeof (estimate as EstimatePlan).tasks === "number" ? (estimate as EstimatePlan) : null;
}

/**
 * After a result of an adaptive estimated run is written: when nothing of it is pending or running and it
 * has fewer than n tasks, the next task (all its trials) is queued and the workers woken. Under the run's
 * row lock, so two finishing results cannot both queue one.
 */
export async function queueNextEstimatedTask(db: PrismaClient, runId: string): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const [run] = await tx.$queryRaw<(RunForEstimate & { estimated: boolean; status: string; trials: number })[]>`
      SELECT id, "versionId", "datasetId", "groundTruth", params, estimate, estimated, status::text AS status, trials FROM "Run" WHERE id = ${runId} FOR UPDATE`;
    const plan = planOf(run?.estimate);
    if (!run || !run.estimated || !plan || plan.selection !== "adaptive" || !plan.bankId) return null;
    if (run.status !== "running" && run.status !== "queued") return null;
    const results = await tx.taskResult.findMany({ where: { runId }, select: { taskId: true, status: true, queuePosition: true } });
    if (results.some((result) => result.status === "pending" || result.status === "running")) return null;
    const takenIds = new Set(results.map((result) => result.taskId));
    if (takenIds.size >= plan.tasks) return null;
    const bank = await storedBank(db, plan.bankId);
    if (!bank) return null;
    const candidates = await candidatesOf(tx, run);
    const taken = new Set(candidates.filter((task) => takenIds.has(task.id)).map((task) => task.key));
    const next = nextAdaptiveTask(bankItemsOf(bank, candidates), await observedOf(tx, runId), taken);
    const task = next ? candidates.find((candidate) => candidate.key === next.taskKey) : undefined;
    if (!task) return null;
    const position = Math.max(-1, ...results.map((result) => result.queuePosition ?? -1)) + 1;
    await tx.taskResult.createMany({
      data: Array.from({ length: run.trials }, (_, trial) => ({ runId, taskId: task.id, trial, queuePosition: position + trial })),
    });
    await tx.$executeRaw`SELECT pg_notify(${WAKE_CHANNEL}, ${runId})`;
    return task.key;
  });
}

export interface RunEstimate {
  readonly plan: EstimatePlan;
  readonly estimate: ScoreEstimate;
  /** Still estimated (not converted into a full run). */
  readonly estimated: boolean;
}

/** The estimates of these runs (those that are or were estimated), by run id: computed from their verdicts now. */
export async function readRunEstimates(db: PrismaClient, runIds: readonly string[]): Promise<Map<string, RunEstimate>> {
  const runs = await db.run.findMany({
    where: { id: { in: [...runIds] }, estimate: { not: Prisma.AnyNull } },
    select: { id: true, versionId: true, datasetId: true, groundTruth: true, params: true, estimate: true, estimated: true },
  });
  const out = new Map<string, RunEstimate>();
  for (const run of runs) {
    const plan = planOf(run.estimate);
    if (!plan) continue;
    const bank = plan.bankId ? await storedBank(db, plan.bankId) : null;
    const candidates = await candidatesOf(db, run);
    // A converted run keeps the estimate it had: from the results queued before the rest.
    const observed = await observedOf(db, run.id, run.estimated ? undefined : plan.restFrom);
    out.set(run.id, { plan, estimated: run.estimated, estimate: estimateFrom(plan, bank, candidates, observed) });
  }
  return out;
}

export async function readRunEstimate(db: PrismaClient, runId: string): Promise<RunEstimate | null> {
  return (await readRunEstimates(db, [runId])).get(runId) ?? null;
}

/**
 * Turns a finished estimated run into a full run: every candidate task it has not run is queued (all the
 * run's trials) into the same run, which is no longer estimated (it is ranked once it completes, like any
 * run); the results it has are not touched. Returns how many results were queued.
 */
export async function convertEstimatedRun(db: PrismaClient, runId: string): Promise<{ readonly queued: number; readonly tasks: number }> {
  return db.$transaction(async (tx) => {
    const [run] = await tx.$queryRaw<(RunForEstimate & { estimated: boolean; status: string; trials: number })[]>`
      SELECT id, "versionId", "datasetId", "groundTruth", params, estimate, estimated, status::text AS status, trials FROM "Run" WHERE id = ${runId} FOR UPDATE`;
    if (!run) throw new EstimateError("not_estimated", `No run ${runId}`);
    const plan = planOf(run.estimate);
    if (!run.estimated || !plan) throw new EstimateError("not_estimated", "This run is not an estimated run: it has no remaining tasks to run");
    if (run.status !== "completed") throw new EstimateError("not_finished", `The estimated run is ${run.status}: only a completed one can be turned into a full run`);
    const results = await tx.taskResult.findMany({ where: { runId }, select: { taskId: true, queuePosition: true } });
    const taken = new Set(results.map((result) => result.taskId));
    const rest = (await candidatesOf(tx, run)).filter((task) => !taken.has(task.id));
    const start = Math.max(-1, ...results.map((result) => result.queuePosition ?? -1)) + 1;
    const rows = rest.flatMap((task, t) => Array.from({ length: run.trials }, (_, trial) => ({ runId, taskId: task.id, trial, queuePosition: start + t * run.trials + trial })));
    await tx.taskResult.createMany({ data: rows });
    await tx.run.update({
      where: { id: runId },
      data: {
        estimated: false,
        estimate: { ...plan, convertedAt: new Date().toISOString(), restFrom: start },
        tasksTotal: { increment: rows.length },
        status: rows.length > 0 ? "running" : "completed",
        finishedAt: rows.length > 0 ? null : undefined,
      },
    });
    if (rows.length > 0) await tx.$executeRaw`SELECT pg_notify(${WAKE_CHANNEL}, ${runId})`;
    return { queued: rows.length, tasks: rest.length };
  });
}

const points = (share: number) => (share * 100).toFixed(1);

/** "62.3 % [55.0, 69.1]": the estimate and its 95 % interval, in percent. */
export function estimateText(estimate: Pick<ScoreEstimate, "accuracy" | "low" | "high">): string {
  return `${points(estimate.accuracy)} % [${points(estimate.low)}, ${points(estimate.high)}]`;
}

/** How it was made, in a line: "from 100 of 690 tasks, adaptive, item-response (bank of 40 configurations)". */
export function estimateBasis(run: RunEstimate): string {
  const { plan, estimate } = run;
  const method = plan.method === "item-response" ? "item response theory" : "template-stratified";
  return `from ${estimate.tasksRun} of ${estimate.tasksTotal} tasks, ${plan.selection} selection, ${method}${plan.note ? ` (${plan.note})` : ""}`;
}

/** The CLI's lines for a run that is or was estimated. */
export function estimateLines(run: RunEstimate, runId: string): string[] {
  if (!run.estimated) {
    return [`  estimate     ${estimateText(run.estimate)} 95 % — was an estimated run; the rest of its tasks were queued ${run.plan.convertedAt ?? ""}`.trimEnd()];
  }
  return [
    `  ESTIMATED    ${estimateText(run.estimate)} full-benchmark accuracy, 95 % interval`,
    `               ${estimateBasis(run)}`,
    `               not ranked among full runs; run the rest: workbench run-rest ${runId}`,
  ];
}

/**
 * Adaptive estimated runs left with nothing queued or running and fewer than n tasks (the worker that wrote a
 * verdict stopped before queueing the next): each gets its next task. Every worker runs it on its heartbeat;
 * under the run's row lock a run whose next task was queued meanwhile is left as it is.
 */
export async function resumeStalledEstimatedRuns(db: PrismaClient): Promise<number> {
  const stalled = await db.$queryRaw<{ id: string }[]>`
    SELECT r.id FROM "Run" r
     WHERE r.estimated AND r.status IN ('queued', 'running') AND r.estimate ->> 'selection' = 'adaptive'
       AND NOT EXISTS (SELECT 1 FROM "TaskResult" x WHERE x."runId" = r.id AND x.status IN ('pending', 'running'))`;
  let resumed = 0;
  for (const run of stalled) if (await queueNextEstimatedTask(db, run.id)) resumed += 1;
  return resumed;
}
