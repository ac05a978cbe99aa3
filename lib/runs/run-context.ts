// Per-process caches a worker needs for every task: a run's immutable settings (and its model), and a
// ground-truth version's dataset + scorer (loaded once from Postgres, keyed by content hash so a
// re-imported version is picked up).
import type { LanguageModel } from "ai";
import type { RetryPolicy } from "@/lib/providers";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AgentKind } from "@/lib/workbench/agents/types";
import type { Dataset, GroundTruthVersion, Task } from "@/lib/workbench/datasets/types";
import { createEvaluator, createModel, loadDatasetFromDb } from "./engine";
import type { TaskScorer } from "./execute-task";
import { PROVIDERS } from "./launch-input";

export interface VersionContext {
  readonly dataset: Dataset;
  readonly scorer: TaskScorer;
  readonly tasksByKey: ReadonlyMap<string, Task>;
}

export interface RunContext {
  readonly id: string;
  readonly agent: AgentKind;
  readonly provider: string | null;
  readonly modelId: string | null;
  readonly toolSet: "all" | "domains";
  readonly temperature: number;
  readonly maxSteps: number;
  readonly timeoutMs: number;
  readonly version: VersionContext;
  /** Built once per run; only for the react and tools agents. */
  readonly model: LanguageModel | undefined;
}

const versions = new Map<string, Promise<VersionContext>>();
const runs = new Map<string, Promise<RunContext>>();

export function getRunContext(db: PrismaClient, runId: string): Promise<RunContext> {
  let context = runs.get(runId);
  if (!context) {
    context = loadRunContext(db, runId);
    runs.set(runId, context);
    context.catch(() => runs.delete(runId)); // a failed load is retried by the next task
  }
  return context;
}

/** Forget finished runs so a long-lived worker does not grow without bound. */
export function forgetRun(runId: string): void {
  runs.delete(runId);
}

async function loadRunContext(db: PrismaClient, runId: string): Promise<RunContext> {
  const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
  const version = await db.groundTruthVersion.findFirstOrThrow({
    where: { datasetId: run.datasetId, name: run.groundTruth },
    select: { name: true, contentHash: true },
  });
  const params = (run.params ?? {}) as Record<string, unknown>;
  const usesModel = run.agent === "react" || run.agent === "tools";
  const provider = PROVIDERS.find((known) => known === run.provider);
  const retry = (params.retry ?? undefined) as Partial<RetryPolicy> | undefined;
  const model =
    usesModel && provider && run.model
      ? createModel({ provider, model: run.model, baseUrl: run.baseUrl ?? undefined, retry })
      : undefined;
  return {
    id: run.id,
    agent: run.agent as AgentKind,
    provider: run.provider,
    modelId: run.model,
    toolSet: run.toolSet === "domains" ? "domains" : "all",
    temperature: numberOr(params.temperature, 0),
    maxSteps: numberOr(params.maxSteps, 20),
    timeoutMs: numberOr(params.timeoutMs, 120_000),
    version: await getVersionContext(db, version.name as GroundTruthVersion, version.contentHash),
    model,
  };
}

export function getVersionContext(db: PrismaClient, version: GroundTruthVersion, contentHash: string): Promise<VersionContext> {
  const key = `${version}:${contentHash}`;
  let context = versions.get(key);
  if (!context) {
    context = (async () => {
      const dataset = await loadDatasetFromDb(db, version);
      if (!dataset) throw new Error(`Ground truth ${version} is not imported: run \`npm run workbench -- import-data\``);
      return {
        dataset,
        scorer: createEvaluator(dataset, version),
        tasksByKey: new Map(dataset.tasks.map((task) => [task.key, task])),
      };
    })();
    versions.set(key, context);
    context.catch(() => versions.delete(key));
  }
  return context;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
