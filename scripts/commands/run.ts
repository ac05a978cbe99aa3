// `workbench run`: launch a run through the same path as the dashboard (launchRun + the results queue),
// work it with a local worker unless --no-worker, show progress from the Run row, print the summary.
import os from "node:os";
import { SingleBar, Presets } from "cli-progress";
import type { Command } from "commander";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DEFAULT_MAX_PROVIDER_FAILURE_SHARE, firstErrorLines, progressLine, runOutcome, type ErrorKindCount, type RunProgress } from "@/lib/runs/cli-report";
import { MAX_CONCURRENCY, PAPER_TIMEOUT_MS, PHRASING_CHOICES, RUN_SETTINGS_DEFAULTS } from "@/lib/settings/launch-options";
import { DEFAULT_FAULT_SHARES, formatFaultShares, MAX_FAULT_RATE, parseFaultShares } from "@/lib/workbench/tools/faults";
import { REASONING_EFFORTS } from "@/lib/workbench/agents/model-capabilities";
import { TIME_LIMIT_MS_2026 } from "@/lib/workbench/agents/workbench-2026/defaults";
import { DB_RETRY_POLICY, isTransientDbError, withDbRetry } from "@/lib/db-retry";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { env } from "@/lib/env";
import { errorMessage } from "@/lib/errors";
import { emptyNumericFlags } from "./numeric-flags";

interface RunOptions {
  agent: string;
  endpoint?: string;
  provider?: string;
  model?: string;
  budgetUsd?: string;
  budgetTokens?: string;
  baseUrl?: string;
  dataset: string;
  gt: string;
  protocol?: string;
  revision?: string;
  toolSet: string;
  domains?: string;
  limit?: string;
  sample: string;
  seed?: string;
  maxProviderFailures: string;
  concurrency: string;
  trials: string;
  temperature?: string;
  reasoningEffort?: string;
  maxSteps?: string;
  timeoutMs?: string;
  faultRate: string;
  faultSeed: string;
  faultShares?: string;
  phrasing: string;
  resultsFile?: string;
  name?: string;
  externalMode?: string;
  estimate?: boolean;
  tasks?: string;
  structuredOutputs: boolean;
  actWithoutConfirmation: boolean;
  askConfidence?: boolean;
  worker: boolean;
}

const FINAL_STATUSES = new Set(["completed", "cancelled", "failed", "budget_exceeded"]);

export function register(program: Command): void {
  program
    .command("run")
    .description("Run an agent on the benchmark through the same queue as the dashboard")
    .requiredOption("--agent <kind>", "react | tools | workbench-2026 | oracle | oracle-retry | noop | replay | external")
    .option("--endpoint <name>", "a configured endpoint: openai | anthropic | openai-compatible | custom | mock | (config/endpoints.json)")
    .option("--provider <name>", "older name of --endpoint")
    .option("--model <id>", "model id, e.g. gpt-4o")
    .option("--base-url <url>", "server URL, for keyless endpoints only (custom, mock)")
    .option("--dataset <slug>", "dataset: workbench (official) or a generated one, e.g. gen-s1-x1", "workbench")
    .option("--budget-usd <usd>", "stop the run once it has cost this much")
    .option("--budget-tokens <n>", "stop the run once it has used this many tokens")
    .option("--gt <version>", "ground truth: v1 | v2026", "v1")
    .option("--protocol <id>", "2024 | 2026 (default: the ground truth's own: v1 → 2024, v2026 → 2026)")
    .option("--revision <revision>", "scoring revision of the protocol: 2024 | 2026-06 | 2026-07 (default: its latest)")
    .option("--tool-set <set>", "all | domains", "all")
    .option("--domains <list>", "comma-separated domain filter")
    .option("--limit <n>", "N tasks, sampled by --sample")
    .option("--sample <method>", "how --limit picks tasks: stratified (seeded, by domain and template) | first", "stratified")
    .option("--seed <n>", "seed of the stratified sample (stored on the run; random when absent)")
    .option("--estimate", "an estimated run: --tasks tasks chosen by the item bank, the full-benchmark accuracy estimated with a 95 % interval (docs/estimation.md)")
    .option("--tasks <n>", "--estimate: how many tasks (default 100)")
    .option("--max-provider-failures <share>", "exit 1 when more than this share of tasks fail at the provider (0-1)", String(DEFAULT_MAX_PROVIDER_FAILURE_SHARE))
    .option("--concurrency <n>", `tasks at once (1-${MAX_CONCURRENCY})`, String(RUN_SETTINGS_DEFAULTS.concurrency))
    .option("--trials <k>", "runs per task", String(RUN_SETTINGS_DEFAULTS.trials))
    .option("--temperature <t>", "model temperature", String(RUN_SETTINGS_DEFAULTS.temperature))
    .option("--reasoning-effort <level>", `${REASONING_EFFORTS.join(" | ")}, for models that take one (default: the provider's)`)
    .option("--max-steps <n>", "agent steps per task", String(RUN_SETTINGS_DEFAULTS.maxSteps))
    // No default value: the agent's own applies at launch (run-settings.ts withTimingDefaults).
    .option("--timeout-ms <ms>", `time limit per task (default ${PAPER_TIMEOUT_MS}; workbench-2026: ${TIME_LIMIT_MS_2026}, checked between turns)`)
    .option("--fault-rate <p>", `each tool call fails on purpose with probability p (0-${MAX_FAULT_RATE}; docs/robustness.md)`, String(RUN_SETTINGS_DEFAULTS.faultRate))
    .option("--fault-seed <n>", "seed of the fault schedule: the same seed gives every agent the same faults", String(RUN_SETTINGS_DEFAULTS.faultSeed))
    .option("--fault-shares <weights>", `weights of the fault kinds, e.g. transient=2,ambiguous=1,malformed=1 (default ${formatFaultShares(DEFAULT_FAULT_SHARES)}): a faulted write is transient or ambiguous, a faulted read transient or malformed`)
    .option("--phrasing <name>", `${PHRASING_CHOICES.join(" | ")}: each task as written, or its template's other wordings (same ground truth; docs/reliability-profile.md); all launches one run per phrasing on the same tasks`, RUN_SETTINGS_DEFAULTS.phrasing)
    .option("--no-structured-outputs", "workbench-2026: the ReAct text loop instead of native tool calls")
    .option("--no-act-without-confirmation", "workbench-2026: leave out the act-without-confirmation instructions")
    .option("--ask-confidence", "after each final answer, ask the model for its confidence (0-1) in one extra turn; react, tools, workbench-2026 only (docs/reliability-profile.md)")
    .option("--results-file <csv>", "recorded results CSV to replay (--agent replay)")
    .option("--name <name>")
    .option("--external-mode <mode>", "--agent external: pull (agents claim tasks) | push (WORKBENCH_AGENT_URL)")
    .option("--no-worker", "only enqueue: separate `npm run worker` processes do the work")
    .action(async (options: RunOptions) => {
      process.exitCode = await runCommand(options);
    });
}

/** Flags → launch input; the schema validates and coerces (the same rules as the dashboard's form). */
function toRequest(options: RunOptions): Record<string, unknown> {
  const domains = options.domains?.split(",").map((domain) => domain.trim()).filter(Boolean);
  return {
    agent: options.agent, endpoint: options.endpoint, provider: options.provider, model: options.model, baseUrl: options.baseUrl,
    budgetUsd: options.budgetUsd, budgetTokens: options.budgetTokens,
    dataset: options.dataset, groundTruth: options.gt, protocol: options.protocol, scoringRevision: options.revision, toolSet: options.toolSet, domains, limit: options.limit,
    sample: options.sample, seed: options.seed,
    ...(options.estimate ? { estimate: true, estimateTasks: options.tasks } : {}),
    concurrency: options.concurrency, trials: options.trials, temperature: options.temperature, reasoningEffort: options.reasoningEffort,
    maxSteps: options.maxSteps, timeoutMs: options.timeoutMs, faultRate: options.faultRate, faultSeed: options.faultSeed,
    ...(options.faultShares === undefined ? {} : { faultShares: parseFaultShares(options.faultShares) }), resultsFile: options.resultsFile, name: options.name,
    // "all" is checked here and launched as one run per phrasing (launchAllPhrasings); the schema takes one.
    ...(options.phrasing === "all" ? {} : { phrasing: options.phrasing }),
    externalMode: options.externalMode,
    // Sent only when given, so a run without the flag asks for exactly what it asked for before.
    ...(options.askConfidence ? { askConfidence: true } : {}),
    ...(options.agent === "workbench-2026"
      ? { harness2026: { structuredOutputs: options.structuredOutputs, actWithoutConfirmation: options.actWithoutConfirmation } }
      : {}),
  };
}

/** The CLI flag a schema field comes from, so an error names what the user typed (--gt, --tool-set). */
export function flagOf(field: PropertyKey | undefined): string {
  if (field === undefined) return "input";
  if (field === "groundTruth") return "--gt";
  if (field === "scoringRevision") return "--revision";
  if (field === "estimateTasks") return "--tasks";
  return `--${String(field).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** The numeric flags of `run`: an empty value is an error, not 0. */
const NUMERIC_RUN_FLAGS = ["limit", "tasks", "seed", "concurrency", "trials", "temperature", "maxSteps", "timeoutMs", "faultRate", "faultSeed", "budgetUsd", "budgetTokens", "maxProviderFailures"] as const;

async function runCommand(options: RunOptions): Promise<number> {
  const empty = emptyNumericFlags(options, NUMERIC_RUN_FLAGS);
  if (empty.length > 0) {
    for (const line of empty) console.error(line);
    return 2;
  }
  if (!(PHRASING_CHOICES as readonly string[]).includes(options.phrasing)) {
    console.error(`--phrasing: one of ${PHRASING_CHOICES.join(", ")} (got "${options.phrasing}")`);
    return 2;
  }
  const { launchRunInputSchema } = await import("@/lib/runs/launch-input");
  let request: Record<string, unknown>;
  try {
    request = toRequest(options);
  } catch (error) {
    // A --fault-shares the parser refused: one line, nothing launched.
    console.error(`--${(error as Error).message}`);
    return 2;
  }
  if (options.tasks !== undefined && !options.estimate) {
    console.error("--tasks: only with --estimate (a full run's subset is --limit)");
    return 2;
  }
  const parsed = launchRunInputSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${flagOf(issue.path[0])}: ${issue.message}`);
    return 2;
  }
  const maxShare = Number(options.maxProviderFailures);
  if (!Number.isFinite(maxShare) || maxShare < 0 || maxShare > 1) {
    console.error("--max-provider-failures: must be a share between 0 and 1");
    return 2;
  }
  if (!env().DATABASE_URL) {
    return rerunWithDatabase(); // the embedded database, started (or attached to) for this command
  }
  const { prisma } = await import("@/lib/db");
  const { launchParsedRun } = await import("@/lib/runs/launch");
  const { startWorker } = await import("@/lib/runs/worker");
  const { cancelRun } = await import("@/lib/runs/cancel");
  const { formatRunSummary, getRunSummary } = await import("@/lib/runs/summary");

  const { LaunchError, describeLeftOut } = await import("@/lib/runs/launch");
  const worker = options.worker
    ? await startWorker({ db: prisma, concurrency: parsed.data.concurrency, log: () => undefined })
    : null;
  try {
    // An estimated run's item bank is refitted first when the runs it was fitted on have changed.
    const itemBank = parsed.data.estimate ? (await import("@/lib/queries/item-bank")).freshItemBank(prisma) : undefined;
    const deps = { db: prisma, launchedBy: "cli", itemBank };
    const launched = options.phrasing === "all"
      ? (await (await import("@/lib/runs/sweep")).launchAllPhrasings(request as Parameters<typeof import("@/lib/runs/sweep").launchAllPhrasings>[0], deps)).runs
      : [{ ...(await launchParsedRun(parsed.data, deps)), phrasing: parsed.data.phrasing }];
    let exitCode = 0;
    for (const [index, { runId, tasksTotal, agentToken, pushMode, leftOut, phrasing }] of launched.entries()) {
      if (pushMode) (await import("@/lib/external-runs/push")).startPushDrivers(); // this process posts the tasks
      const worded = phrasing === "original" && launched.length === 1 ? "" : ` in the ${phrasing} phrasing`;
      console.log(`Run ${runId}: ${tasksTotal} task(s) queued${worded}${worker ? "" : " (no local worker: start `npm run worker`)"}`);
      // The runs of "all" leave out the same tasks: said once.
      if (leftOut && index === 0) console.log(`  ${describeLeftOut(leftOut)}${launched.length > 1 ? " (the same in each run)" : ""}`);
      if (agentToken) {
        // Shown once: only its hash is stored. Agents reach the web server (`npm start`) with it.
        console.log(`Agent token (shown once): ${agentToken}`);
        const { studioUrlForHints } = await import("@/lib/external-runs/public-url");
        console.log(`  npx tsx examples/external-agent/agent.ts --studio ${studioUrlForHints(env(), os.hostname())} --run ${runId} --token ${agentToken}`);
      }
    }
    // The runs of "all" are worked side by side by the worker; each is followed and summed up in turn.
    for (const { runId, tasksTotal } of launched) {
      await followRun(prisma, runId, tasksTotal, () => void Promise.all(launched.map((run) => cancelRun(prisma, run.runId))));
      // Reads only: safe to repeat while PostgreSQL restarts.
      const summary = await withDbRetry(() => getRunSummary(prisma, runId));
      if (summary) console.log(formatRunSummary(summary));
      const progress = await withDbRetry(() => readProgress(prisma, runId));
      const outcome = runOutcome(progress, maxShare);
      if (outcome.reason) {
        console.error(`Run failed: ${outcome.reason}`);
        for (const line of firstErrorLines(progress.errors)) console.error(line);
      }
      exitCode = Math.max(exitCode, outcome.exitCode);
    }
    return exitCode;
  } catch (error) {
    if (!(error instanceof LaunchError)) throw error;
    if (!error.field) console.error(error.message);
    for (const [field, messages] of Object.entries(error.fieldErrors)) console.error(`${flagOf(field)}: ${messages.join(" ")}`);
    return 1;
  } finally {
    // Bounded: a stop signal must end the CLI within seconds; tasks still running are recovered elsewhere.
    await Promise.race([worker?.stop({ graceMs: STOP_GRACE_MS - 2_000 }), new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    await prisma.$disconnect().catch(() => undefined);
  }
}

/** Status, counts and errors by kind (with the first message of each) of a run, from the database. */
async function readProgress(prisma: PrismaClient, runId: string): Promise<RunProgress> {
  const run = await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, tasksDone: true, tasksTotal: true, correctCount: true } });
  const errors = await prisma.$queryRaw<ErrorKindCount[]>`
    SELECT DISTINCT ON (kind) kind, count, "firstMessage" FROM (
      SELECT coalesce("errorKind", 'error') AS kind, count(*) OVER (PARTITION BY coalesce("errorKind", 'error'))::int AS count,
             error AS "firstMessage", "finishedAt"
        FROM "TaskResult" WHERE "runId" = ${runId} AND status = 'done' AND error IS NOT NULL
    ) e ORDER BY kind, "finishedAt" ASC NULLS LAST`;
  return { status: run.status, done: run.tasksDone, total: run.tasksTotal, correct: run.correctCount, errors };
}

/** How often a log that is not a terminal gets a progress line (WORKBENCH_PROGRESS_MS overrides). */
function progressIntervalMs(): number {
  return env().WORKBENCH_PROGRESS_MS ?? 5_000;
}

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** After a stop signal the CLI exits within this, whether or not the run's running tasks have finished. */
const STOP_GRACE_MS = 8_000;

/**
 * Follows the Run row until a final status. On a terminal: a progress bar; otherwise (CI logs, pipes) a
 * line every few seconds with done/total, accuracy so far and errors by kind, and a last one at the end.
 * A stop signal (Ctrl-C, SIGTERM, SIGHUP) CANCELS the run: pending tasks are skipped, running ones
 * finish (we wait at most STOP_GRACE_MS); a second signal quits at once. While the database is
 * unreachable the follower retries under the reconnect policy (lib/db-retry.ts) and says so on one
 * line; once the policy's total time is spent it exits with one clear line (no stack).
 */
export async function followRun(prisma: PrismaClient, runId: string, tasksTotal: number, cancel: () => void): Promise<string> {
  let stopBy = Number.POSITIVE_INFINITY;
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: cancelling run ${runId}: running tasks finish, pending ones are skipped (again to quit now)`);
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
    stopBy = Date.now() + STOP_GRACE_MS;
    cancel();
  };
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  const tty = process.stdout.isTTY === true;
  const bar = tty ? new SingleBar({ format: "{bar} {value}/{total} tasks | {status} | accuracy {accuracy}", hideCursor: true }, Presets.shades_classic) : null;
  bar?.start(tasksTotal, 0, { status: "queued", accuracy: "-" });
  let status = "queued";
  let unreachableSince: number | null = null;
  const reportUnreachable = () => {
    if (unreachableSince === null && !bar) console.log("database unavailable, reconnecting");
    unreachableSince ??= Date.now();
    bar?.update({ status: "database unavailable, reconnecting" });
  };
  let lastLine = Date.now();
  const every = progressIntervalMs();
  try {
    while (!FINAL_STATUSES.has(status) && Date.now() < stopBy) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const run = await withDbRetry(
        () => prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, tasksDone: true, correctCount: true } }),
        { onRetry: reportUnreachable },
      ).catch((error: unknown) => {
        if (!isTransientDbError(error)) throw error;
        throw new Error(`database unreachable for ${DB_RETRY_POLICY.totalMs / 1000} s; run ${runId} stays in the database and resumes when a worker can reach it`);
      });
      unreachableSince = null;
      status = run.status;
      const accuracy = run.tasksDone ? `${((run.correctCount / run.tasksDone) * 100).toFixed(1)} %` : "-";
      bar?.update(run.tasksDone, { status, accuracy });
      if (!bar && (Date.now() - lastLine >= every || FINAL_STATUSES.has(status))) {
        console.log(progressLine(await withDbRetry(() => readProgress(prisma, runId))));
        lastLine = Date.now();
      }
    }
  } finally {
    bar?.stop();
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
  }
  return status;
}
