// launchRun: validate, record the run with everything needed to reproduce it, create one pending
// TaskResult per (task, trial), enqueue one job per result, and return at once (workers do the rest).
import type { PgBoss } from "pg-boss";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { launchRunInputSchema, type LaunchRunInput, type LaunchRunRequest } from "./launch-input";
import { enqueueTasks } from "./queue";
import { wakeLocalWorkers } from "./wake";
import { appRevision } from "./app-revision";
import { promptHashFor } from "./prompt-hash";
import { recordedCallsByTaskText } from "./recorded-calls";

export const DATASET_SLUG = "workbench";

export class LaunchError extends Error {
  constructor(
    readonly code: "dataset_missing" | "no_tasks" | "results_file" | "enqueue_failed",
    message: string,
  ) {
    super(message);
    this.name = "LaunchError";
  }
}

export interface LaunchDeps {
  readonly db: PrismaClient;
  readonly boss: PgBoss;
}

export interface LaunchedRun {
  readonly runId: string;
  readonly tasksTotal: number;
}

export async function launchRun(request: LaunchRunRequest, deps: LaunchDeps): Promise<LaunchedRun> {
  const input = launchRunInputSchema.parse(request);
  const version = await deps.db.groundTruthVersion.findFirst({
    where: { name: input.groundTruth, dataset: { slug: DATASET_SLUG } },
    select: { id: true, datasetId: true },
  });
  if (!version) {
    throw new LaunchError("dataset_missing", `Ground truth ${input.groundTruth} is not imported: run \`npm run workbench -- import-data\``);
  }
  const recorded = input.resultsFile ? await loadRecordedCalls(input.resultsFile) : null;
  const tasks = await selectTasks(deps.db, version.id, input, recorded);
  if (tasks.length === 0) {
    throw new LaunchError("no_tasks", recorded ? `No selected task is in ${input.resultsFile}: the domain filter leaves none of its rows` : "No task matches the domain filter");
  }

  const { runId, resultIds } = await deps.db.$transaction(async (tx) => {
    const run = await tx.run.create({ data: runRow(input, version.datasetId, tasks.length * input.trials), select: { id: true } });
    const rows = tasks.flatMap((task) =>
      Array.from({ length: input.trials }, (_, trial) => ({
        runId: run.id,
        taskId: task.id,
        trial,
        // For `replay`, a pending result carries the recorded calls to replay; finishing overwrites
        // them with the calls actually made (the same ones, unless the agent failed).
        calls: recorded ? [...(recorded.get(task.text) ?? [])] : [],
      })),
    );
    const created = await tx.taskResult.createManyAndReturn({ data: rows, select: { id: true } });
    return { runId: run.id, resultIds: created.map((row) => row.id) };
  });

  try {
    await enqueueTasks(deps.boss, { runId, concurrency: input.concurrency, timeoutMs: input.timeoutMs, resultIds });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.run.update({ where: { id: runId }, data: { status: "failed", error: `Enqueue failed: ${message}` } });
    throw new LaunchError("enqueue_failed", `Could not enqueue the run's tasks: ${message}`);
  }
  wakeLocalWorkers();
  return { runId, tasksTotal: resultIds.length };
}

/** The replay file's calls; any problem with the file is the caller's input error, said plainly. */
async function loadRecordedCalls(file: string) {
  try {
    return await recordedCallsByTaskText(file);
  } catch (error) {
    throw new LaunchError("results_file", error instanceof Error ? error.message : String(error));
  }
}

/**
 * The run's tasks in benchmark order. A replay covers only the tasks its file recorded (the evaluator's
 * join by query text): the others have nothing to replay and would score as empty answers.
 */
async function selectTasks(db: PrismaClient, versionId: string, input: LaunchRunInput, recorded: ReadonlyMap<string, unknown> | null) {
  const tasks = await db.task.findMany({
    where: { versionId, ...(input.domains.length > 0 ? { domain: { in: [...input.domains] } } : {}) },
    orderBy: [{ domain: "asc" }, { position: "asc" }],
    select: { id: true, text: true },
    ...(input.limit && !recorded ? { take: input.limit } : {}),
  });
  if (!recorded) return tasks;
  return tasks.filter((task) => recorded.has(task.text)).slice(0, input.limit);
}

function runRow(input: LaunchRunInput, datasetId: string, tasksTotal: number) {
  const usesModel = input.agent === "react" || input.agent === "tools";
  return {
    name: input.name || defaultRunName(input),
    datasetId,
    groundTruth: input.groundTruth,
    source: "launched",
    agent: input.agent,
    provider: usesModel ? (input.provider ?? null) : null,
    model: usesModel ? (input.model ?? null) : null,
    baseUrl: usesModel ? (input.baseUrl ?? null) : null,
    toolSet: input.toolSet,
    params: {
      temperature: input.temperature,
      maxSteps: input.maxSteps,
      timeoutMs: input.timeoutMs,
      concurrency: input.concurrency,
      trials: input.trials,
      domains: [...input.domains],
      limit: input.limit ?? null,
      ...(input.retry ? { retry: input.retry } : {}),
      ...(input.resultsFile ? { resultsFile: input.resultsFile } : {}),
    },
    promptHash: promptHashFor(input.agent),
    appRevision: appRevision(),
    trials: input.trials,
    concurrency: input.concurrency,
    tasksTotal,
  };
}

function defaultRunName(input: LaunchRunInput): string {
  const who = input.model ? `${input.agent} · ${input.model}` : input.agent;
  return `${who} · ${input.toolSet} tools · ${input.groundTruth}`;
}
