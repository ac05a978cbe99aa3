// launchRun: validate, record the run with everything needed to reproduce it, create one pending
// TaskResult per (task, trial) — the pending results are the run's queue (claim.ts) — and return at
// once (workers do the rest).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isTestTarget, type ModelTarget } from "@/lib/providers";
import type { ModelRequestParams } from "@/lib/workbench/agents/request-params";
import { checkLaunchSize, runBudget } from "./budget";
import { launchRunInputSchema, type LaunchRunInput, type LaunchRunRequest } from "./launch-input";
import { WAKE_CHANNEL } from "./wake";
import { appRevision } from "./app-revision";
import { promptHashFor } from "./prompt-hash";
import { engineSettings } from "./engine-settings";
import { recordedCallsByTaskText } from "./recorded-calls";
import { newSampleSeed, sampleTasks } from "./sample-tasks";
import { interleaveDomains } from "./task-order";
import { env } from "@/lib/env";
import { hashSecret, newSecret } from "@/lib/security/secrets";
import type { ScoringConfig } from "@/lib/workbench/protocols";
import { checkLaunchChoices, fieldErrorsOf, type LaunchProblem } from "./launch-checks";
import { errorMessage } from "@/lib/errors";
import { CodedError } from "@/lib/errors";
import { redactUrlCredentialsOrNull } from "@/lib/workbench/core/url-credentials";
import { EstimateError, latestStoredBank, planEstimate, type EstimatePlan, type ItemBankSource } from "./estimated-run";
import { phrasedVersion, type VersionPhrasing } from "@/lib/datasets/phrased-tasks";
import type { Phrasing } from "@/lib/workbench/datasets/phrasings/names";

export const DATASET_SLUG = "workbench";

export type LaunchErrorCode = "dataset_missing" | "no_tasks" | "results_file" | "endpoint" | "too_large" | "scoring_config" | "push_unconfigured" | "unsupported_parameter" | "invalid_input";

export class LaunchError extends CodedError<LaunchErrorCode> {
  constructor(
    code: LaunchErrorCode,
    message: string,
    /** The input field the message belongs beside (the form shows it there). */
    readonly field?: string,
    /** Other fields' problems found with this one (a launch answers all of them at once). */
    readonly others: readonly FieldProblem[] = [],
  ) {
    super(code, message);
    this.name = "LaunchError";
  }

  /** Every field's messages, as the server action answers them. */
  get fieldErrors(): Record<string, string[]> {
    return fieldErrorsOf(this.field ? [{ field: this.field, message: this.message }, ...this.others] : this.others);
  }
}

/** A problem beside a field: one of launch-checks.ts, or launch's own (the budget). */
type FieldProblem = Omit<LaunchProblem, "code"> & { readonly code: LaunchErrorCode };

export interface LaunchDeps {
  readonly db: PrismaClient;
  /** Who launches (shown on the run page): a user's email, or "cli" / "local" without sign-in. */
  readonly launchedBy?: string;
  /** An estimated run's item bank (lib/queries/item-bank.ts refits a stale one); default: the latest stored fit. */
  readonly itemBank?: ItemBankSource;
}

export interface LaunchedRun {
  readonly runId: string;
  readonly tasksTotal: number;
  /** A reworded run: the tasks left out because they have no wording in its phrasing(s), and why. */
  readonly leftOut?: PhrasingLeftOut;
  /** External runs: the agent token, returned once (only its hash is stored). */
  readonly agentToken?: string;
  /** External runs in push mode: the caller starts this process's push driver (lib/external-runs/push). */
  readonly pushMode?: boolean;
}

/** Launches from a request (benches, tests): parsed here. Callers that parsed already use launchParsedRun. */
export async function launchRun(request: LaunchRunRequest, deps: LaunchDeps): Promise<LaunchedRun> {
  return launchParsedRun(launchRunInputSchema.parse(request), deps);
}

/** Launches from input the caller parsed with launchRunInputSchema (the server action, the CLI): parsed once. */
export async function launchParsedRun(input: LaunchRunInput, deps: LaunchDeps): Promise<LaunchedRun> {
  return createLaunchedRun(await prepareLaunch(input, deps), deps);
}

/** A launch every check has passed, its tasks chosen: what createLaunchedRun writes. Nothing is written yet. */
export type PreparedLaunch = Awaited<ReturnType<typeof prepareLaunch>>;

/**
 * Every check of a launch and the choice of its tasks, writing nothing: a refusal is a LaunchError. A
 * sweep prepares all its runs before it creates the first, so a refused one leaves none behind.
 */
export async function prepareLaunch(input: LaunchRunInput, deps: LaunchDeps, options: PrepareOptions = {}) {
  // A refused revision, endpoint, model setting or budget fails here, all at once, before anything is written.
  const { scoring, target, requestParams, problems } = checkLaunchChoices(input);
  const budget = runBudget({ ...input, provider: target?.kind ?? null, model: target ? (input.model ?? null) : null });
  const [first, ...others]: FieldProblem[] = [...problems, ...(budget.problem ? [{ code: "too_large" as const, field: "budgetTokens", message: budget.problem }] : [])];
  if (first) throw new LaunchError(first.code, first.message, first.field, others);
  if (!scoring) throw new Error("A refused scoring configuration comes with its problem"); // checkLaunchChoices' contract
  const version = await deps.db.groundTruthVersion.findFirst({
    where: { name: input.groundTruth, dataset: { slug: input.dataset } },
    select: { id: true, datasetId: true },
  });
  if (!version) {
    const how = input.dataset === DATASET_SLUG ? "import-data" : "generate --import";
    throw new LaunchError("dataset_missing", `Ground truth ${input.groundTruth} of dataset "${input.dataset}" is not imported: run \`npm run workbench -- ${how}\``);
  }
  if (input.agent === "external" && input.externalMode === "push" && !env().WORKBENCH_AGENT_URL) {
    throw new LaunchError("push_unconfigured", "Push mode needs the agent endpoint configured on the server (WORKBENCH_AGENT_URL)");
  }
  const recorded = input.resultsFile ? await loadRecordedCalls(input.resultsFile) : null;
  const worded = await phrasingTaskKeys(deps.db, version.id, options.samePhrasings ?? [input.phrasing], input.domains);
  const seed = input.seed ?? newSampleSeed();
  const selected = await selectTasks(deps.db, version.id, input, recorded, seed, worded?.keys ?? null);
  const { tasks, estimate } = input.estimate ? await estimatedTasks(deps, selected, input, version.datasetId, scoring.revision, seed) : { tasks: selected, estimate: null };
  if (tasks.length === 0) {
    throw new LaunchError("no_tasks", recorded ? `No selected task is in ${input.resultsFile}: the domain filter leaves none of its rows` : "No task matches the domain filter");
  }

  const tooLarge = checkLaunchSize(estimate?.selection === "adaptive" ? estimate.tasks : tasks.length, input.trials);
  if (tooLarge) throw new LaunchError("too_large", tooLarge, "limit");
  return { input, scoring, target, requestParams, budget, version, recorded, seed, tasks, estimate, leftOut: worded?.leftOut };
}

/** An estimated run's plan and the tasks queued at launch (estimated-run.ts): its first alone when adaptive. */
async function estimatedTasks<T extends { readonly id: string; readonly key: string; readonly template: string }>(
  deps: LaunchDeps, candidates: readonly T[], input: LaunchRunInput, datasetId: string, scoringRevision: string, seed: number,
): Promise<{ readonly tasks: T[]; readonly estimate: EstimatePlan }> {
  const scope = { datasetId, groundTruth: input.groundTruth, scoringRevision };
  const bank = await (deps.itemBank ?? ((at) => latestStoredBank(deps.db, at)))(scope);
  try {
    const { plan, queued } = planEstimate(candidates, { tasks: input.estimateTasks, concurrency: input.concurrency, bank, seed });
    return { tasks: queued, estimate: plan };
  } catch (error) {
    if (error instanceof EstimateError) throw new LaunchError(error.code === "no_tasks" ? "no_tasks" : "invalid_input", error.message, "estimateTasks");
    throw error;
  }
}

export interface PrepareOptions {
  /**
   * The phrasings whose runs must share their tasks (a launch of "all", a sweep over phrasings): each run
   * keeps only the tasks worded in every one of them. Default: the input's own phrasing.
   */
  readonly samePhrasings?: readonly Phrasing[];
}

/** How many tasks a reworded launch left out, and why (the reasons counted, most frequent first). */
export interface PhrasingLeftOut {
  readonly count: number;
  readonly reasons: readonly { readonly reason: string; readonly count: number; readonly example: string }[];
}

/** "45 tasks left out: ..." as the CLI and the form say it. */
export function describeLeftOut(leftOut: PhrasingLeftOut): string {
  const why = leftOut.reasons.map(({ reason, count, example }) => `${reason} (${count}, e.g. ${example})`).join("; ");
  return `${leftOut.count} task${leftOut.count === 1 ? "" : "s"} left out, with no such wording: ${why}`;
}

/**
 * The tasks worded in every one of `phrasings` (null when they are all "original": every task), and the
 * ones of the selected domains left out. A launch that would leave no task is refused, with the reason.
 */
async function phrasingTaskKeys(db: PrismaClient, versionId: string, phrasings: readonly Phrasing[], domains: readonly string[]): Promise<{ keys: ReadonlySet<string>; leftOut: PhrasingLeftOut | undefined } | null> {
  const reworded = [...new Set(phrasings)].filter((phrasing) => phrasing !== "original");
  if (reworded.length === 0) return null;
  // A task's key starts with its domain ("email/007"): the left-out count is of the domains asked for.
  const selected = (key: string) => domains.length === 0 || domains.includes(key.slice(0, key.indexOf("/")));
  const worded = await Promise.all(reworded.map((phrasing) => phrasedVersion(db, versionId, phrasing)));
  const { keys, leftOut } = sharedPhrasedKeys(worded.map(({ texts, unphrased }) => ({ texts, unphrased: unphrased.filter((task) => selected(task.key)) })));
  if (keys.size === 0) {
    const example = leftOut?.reasons[0];
    throw new LaunchError("no_tasks", `No task of this dataset can be worded ${reworded.join(" and ")}${example ? `: ${example.reason}` : ""}. Paraphrases exist only for the official tasks (v1; v2026's unrevised ones)`, "phrasing");
  }
  return { keys, leftOut };
}

/**
 * The tasks worded in every one of the phrasings given, and the others counted once each under the first
 * reason met, grouped by its kind (a reason that quotes a task's own phrasing or slots is grouped without them).
 */
export function sharedPhrasedKeys(worded: readonly Pick<VersionPhrasing, "texts" | "unphrased">[]): { keys: ReadonlySet<string>; leftOut: PhrasingLeftOut | undefined } {
  const [first, ...rest] = worded;
  const keys = new Set(first ? [...first.texts.keys()].filter((key) => rest.every((other) => other.texts.has(key))) : []);
  const reasons = new Map<string, { reason: string; count: number; example: string }>();
  const counted = new Set<string>();
  for (const { unphrased } of worded) {
    for (const { key, reason } of unphrased) {
      if (counted.has(key)) continue;
      counted.add(key);
      const kind = reason.replace(/ \(its phrasing: .*\)$/, "").replace(/"[^"]*"/g, "…").replace(/\{[^}]*\}(, \{[^}]*\})*/g, "…");
      const entry = reasons.get(kind) ?? { reason: kind, count: 0, example: key };
      entry.count += 1;
      reasons.set(kind, entry);
    }
  }
  const leftOut = counted.size === 0 ? undefined : { count: counted.size, reasons: [...reasons.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)) };
  return { keys, leftOut };
}

/** Writes a prepared launch: the run and its queued results, in one transaction; workers are woken on commit. */
export async function createLaunchedRun(prepared: PreparedLaunch, deps: LaunchDeps): Promise<LaunchedRun> {
  const { input, scoring, target, requestParams, budget, version, recorded, seed, tasks, estimate, leftOut } = prepared;
  // An adaptive estimated run queues its tasks one at a time (estimated-run.ts): its total is n from the start.
  const resultsTotal = (estimate?.selection === "adaptive" ? estimate.tasks : tasks.length) * input.trials;
  // External runs: the agent token, shown once; only its hash is stored (lib/security/secrets.ts).
  const agentToken = input.agent === "external" ? newSecret("wbr") : undefined;
  const { runId, created } = await deps.db.$transaction(async (tx) => {
    const row = runRow({ ...input, seed }, scoring, target, version.datasetId, resultsTotal, requestParams);
    const data = {
      ...row,
      ...(estimate ? { estimated: true, estimate: { ...estimate } } : {}),
      params: { ...row.params, ...(budget.priceKnown === false ? { priceUnknown: true } : {}) },
      budgetUsd: budget.budgetUsd,
      budgetTokens: budget.budgetTokens,
      launchedBy: deps.launchedBy ?? null,
      versionId: version.id,
    };
    const run = await tx.run.create({ data, select: { id: true } });
    if (agentToken) await tx.externalRunAccess.create({ data: { runId: run.id, tokenHash: hashSecret(agentToken), mode: input.externalMode } });
    const rows = tasks.flatMap((task) =>
      Array.from({ length: input.trials }, (_, trial) => ({
        taskId: task.id,
        trial,
        // For `replay`, a pending result carries the recorded calls to replay; finishing overwrites
        // them with the calls actually made (the same ones, unless the agent failed).
        calls: recorded ? [...(recorded.get(task.text) ?? [])] : [],
      })),
    );
    // One statement from one JSON parameter: Prisma's createMany spent 25-50 ms of client CPU on 128
    // rows, all of it before the first worker could claim.
    const created = await tx.$executeRaw`
      INSERT INTO "TaskResult" (id, "runId", "taskId", trial, calls, "queuePosition")
      SELECT gen_random_uuid()::text, ${run.id}, row->>'taskId', (row->>'trial')::int, ARRAY(SELECT jsonb_array_elements_text(row->'calls')), (position - 1)::int
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS queued(row, position)`;
    // Every worker, in this process or another, LISTENs (wake.ts): delivered on commit, so they claim at once.
    if (!agentToken) await tx.$executeRaw`SELECT pg_notify(${WAKE_CHANNEL}, ${run.id})`;
    return { runId: run.id, created };
  });
  // External agents claim their tasks themselves (lib/external-runs): no queue job for a worker to take. Push
  // mode's driver is external runs' business: the caller starts it (startPushDrivers), runs do not.
  const reworded = leftOut ? { leftOut } : {};
  if (agentToken) return { runId, tasksTotal: created, agentToken, pushMode: input.externalMode === "push", ...reworded };

  return { runId, tasksTotal: estimate?.selection === "adaptive" ? resultsTotal : created, ...reworded };
}

/** The replay file's calls; any problem with the file is the caller's input error, said plainly. */
async function loadRecordedCalls(file: string) {
  try {
    return await recordedCallsByTaskText(file);
  } catch (error) {
    throw new LaunchError("results_file", errorMessage(error));
  }
}

/**
 * The run's tasks, `limit` of them picked by the run's sampling method, in the order they are queued:
 * domains interleaved by the run's seed (task-order.ts), so a run stopped early covers every domain.
 * Workers claim pending results in the order they were inserted. A replay covers only the tasks its
 * file recorded (the evaluator's join by query text): the others have nothing to replay and would
 * score as empty answers. The join uses the task's text as written, also in a reworded run.
 */
async function selectTasks(db: PrismaClient, versionId: string, input: LaunchRunInput, recorded: ReadonlyMap<string, unknown> | null, seed: number, worded: ReadonlySet<string> | null) {
  const found = await db.task.findMany({
    where: { versionId, ...(input.domains.length > 0 ? { domain: { in: [...input.domains] } } : {}) },
    orderBy: [{ domain: "asc" }, { position: "asc" }],
    select: { id: true, key: true, text: true, domain: true, baseTemplate: true },
  });
  // A reworded run: only the tasks that have its wording, before sampling, so runs of other phrasings
  // with the same seed draw the same sample. (A replay still finds its calls by the task's own text.)
  const tasks = worded ? found.filter((task) => worded.has(task.key)) : found;
  const candidates = (recorded ? tasks.filter((task) => recorded.has(task.text)) : tasks).map((task) => ({ ...task, template: task.baseTemplate }));
  return interleaveDomains(sampleTasks(candidates, { limit: input.limit, method: input.sample, seed }), seed);
}

function runRow(input: LaunchRunInput, scoring: ScoringConfig, target: ModelTarget | null, datasetId: string, tasksTotal: number, requestParams: ModelRequestParams | null) {
  const external = input.agent === "external";
  return {
    name: input.name || defaultRunName(input),
    datasetId,
    groundTruth: input.groundTruth,
    protocol: scoring.protocol,
    scoringRevision: scoring.revision,
    source: "launched",
    agent: input.agent,
    provider: target?.kind ?? null,
    endpoint: target?.endpoint ?? null,
    testRun: target ? isTestTarget(target) : false,
    // An external run's model is the user's free label for their agent.
    model: target || external ? (input.model ?? null) : null,
    // Only a user-typed URL (keyless endpoints); a keyed endpoint's URL stays configuration.
    baseUrl: target && !target.keyEnv ? redactUrlCredentialsOrNull(input.baseUrl ?? null) : null,
    toolSet: input.toolSet,
    // RunSettings: concurrency and trials are columns (the claim reads them), the rest is here.
    params: {
      temperature: input.temperature,
      ...(input.reasoningEffort ? { reasoningEffort: input.reasoningEffort } : {}),
      // What the model requests carry, from the capability table (the worker sends exactly this).
      ...(requestParams ? { request: requestParams } : {}),
      maxSteps: input.maxSteps,
      timeoutMs: input.timeoutMs,
      domains: [...input.domains],
      limit: input.limit ?? null,
      // How the limit picked the tasks, and the seed of the sample and of the queue's order, so both can be drawn again.
      ...(input.limit ? { sample: input.sample } : {}),
      seed: input.seed,
      // Written only when faults are on, so a clean run's params are as they were before faults existed.
      ...(input.faultRate > 0 ? { faultRate: input.faultRate, faultSeed: input.faultSeed, faultShares: input.faultShares } : {}),
      // Written only when set, so a run of the tasks as written, without a confidence turn, is stored as before.
      ...(input.phrasing !== "original" ? { phrasing: input.phrasing } : {}),
      ...(input.askConfidence ? { askConfidence: true } : {}),
      // A run of a sweep (lib/runs/sweep.ts) knows its sweep: the sweep page reads its runs by this id.
      ...(input.sweep ? { sweep: input.sweep } : {}),
      ...(input.retry ? { retry: input.retry } : {}),
      ...(input.harness2026 ? { harness2026: input.harness2026 } : {}),
      ...(input.resultsFile ? { resultsFile: input.resultsFile } : {}),
      ...(external ? { externalMode: input.externalMode } : {}),
    },
    promptHash: input.agent === "external" ? null : promptHashFor(input.agent, engineSettings()),
    appRevision: appRevision(),
    trials: input.trials,
    concurrency: input.concurrency,
    tasksTotal,
  };
}

function defaultRunName(input: LaunchRunInput): string {
  const who = input.model ? `${input.agent} · ${input.model}` : input.agent;
  // A reworded run says so in its name; a run of the tasks as written is named as before.
  return `${who} · ${input.toolSet} tools · ${input.groundTruth}${input.phrasing === "original" ? "" : ` · ${input.phrasing} wording`}`;
}
