// Per-process caches a worker needs for every task: a run's immutable settings (and its model), and a
// ground-truth version's dataset + scorer (loaded once from Postgres, keyed by content hash so a
// re-imported version is picked up).
import type { LanguageModel } from "ai";
import { EndpointError, PROVIDERS } from "@/lib/providers";
import { MissingApiKeyError } from "@/lib/workbench/agents/provider-errors";
import { errorMessage } from "@/lib/errors";
import { ModelRequestParamsSchema, resolveRequestParams, type ModelRequestParams } from "@/lib/workbench/agents/request-params";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AgentKind, EngineSettings, Harness2026Options } from "@/lib/workbench/agents/types";
import type { Dataset, GroundTruthVersion, Task } from "@/lib/workbench/datasets/types";
import { createModelForEndpoint } from "@/lib/providers";
import { loadDatasetFromDb } from "@/lib/datasets/load-from-db";
import { protocolForGroundTruth, createProtocolEvaluator, resolveScoringConfig, type Protocol, getProtocol } from "@/lib/workbench/protocols";
import { MODEL_AGENTS } from "../settings/launch-options";
import type { TaskScorer } from "./execute-task";
import { faultPlanOf, runSettingsFrom } from "../settings/run-settings";
import type { FaultPlan } from "@/lib/workbench/tools/faults";
import { engineSettings } from "./engine-settings";
import { planOf } from "./estimated-run";
import { runTaskTexts } from "@/lib/datasets/phrased-tasks";
import type { Phrasing } from "@/lib/workbench/datasets/phrasings";

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
  /** What the model requests carry: as recorded at launch (params.request). */
  readonly requestParams: ModelRequestParams | undefined;
  readonly maxSteps: number;
  readonly timeoutMs: number;
  /** The faults injected into this run's tool calls (a run setting); null for a clean run. */
  readonly faultPlan: FaultPlan | null;
  /** Ask the model for its confidence after each final answer (RunSettings.askConfidence; model agents only). */
  readonly askConfidence: boolean;
  /** The version's dataset, with the scorer of this run's protocol and scoring revision. */
  readonly version: VersionContext;
  /** Whose tools the agent runs and whose parser reads call strings. */
  readonly protocol: Protocol;
  /** The 2026 harness flags of a workbench-2026 run. */
  readonly harness2026: Harness2026Options | undefined;
  /** The configuration handed to the engine with every task (the data folder). */
  readonly engine: EngineSettings;
  /** Has a spending limit (lib/runs/budget.ts checks it after each task; others skip that query). */
  readonly budgeted: boolean;
  /** An adaptive estimated run: after each verdict its next task is queued (estimated-run.ts). */
  readonly adaptiveEstimate?: boolean;
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
  // The revision the run was launched on, even after a newer import took over its name.
  const version = await db.groundTruthVersion.findFirstOrThrow({
    where: run.versionId ? { id: run.versionId } : { datasetId: run.datasetId, name: run.groundTruth },
    select: { id: true, contentHash: true },
  });
  const { retry, harness2026, ...settings } = runSettingsFrom(run.params); // read back through RunSettings' schema
  const usesModel = MODEL_AGENTS.includes(run.agent);
  const scoring = resolveScoringConfig({ protocol: run.protocol, groundTruth: run.groundTruth, revision: run.scoringRevision ?? undefined });
  const versionContext = await worded(db, await getVersionContext(db, run.groundTruth as GroundTruthVersion, version.contentHash, run.datasetId), version.id, settings.phrasing);
  // Runs from before named endpoints stored only the provider, which is also a default endpoint's name.
  const endpoint = run.endpoint ?? run.provider;
  // The key is resolved here, in the worker, from the server's endpoint configuration (never stored).
  const model =
    usesModel && endpoint && run.model
      ? await modelOrFailRun(db, run.id, () => createModelForEndpoint({ endpoint, model: run.model as string, baseUrl: run.baseUrl, retry, mockDataset: versionContext.dataset }))
      : undefined;
  return {
    id: run.id,
    agent: run.agent as AgentKind,
    provider: run.provider,
    modelId: run.model,
    toolSet: run.toolSet === "domains" ? "domains" : "all",
    ...settings, // temperature, maxSteps, timeoutMs, faultRate, faultSeed
    faultPlan: faultPlanOf(settings),
    requestParams: usesModel && run.model ? requestParamsOf(run.params, run.model, run.provider, settings.temperature) : undefined,
    version: { ...versionContext, scorer: createProtocolEvaluator({ protocol: scoring.protocol, dataset: versionContext.dataset, revision: scoring.revision }) },
    protocol: getProtocol(scoring.protocol),
    // The 2026 harness selects its own tools from the run's tool set (upstream tool_selection).
    harness2026: run.agent === "workbench-2026" ? { ...harness2026, toolSelection: run.toolSet === "domains" ? "domains" : "all" } : undefined,
    engine: engineSettings(),
    budgeted: run.budgetUsd !== null || run.budgetTokens !== null,
    adaptiveEstimate: run.estimated && planOf(run.estimate)?.selection === "adaptive",
    model,
  };
}

/**
 * The run's tasks as its agent sees them: in a reworded run (RunSettings.phrasing), each task's text is
 * its wording in that phrasing, swapped here once, so every agent, the prompt and the recorded trace
 * carry it; the key, ground truth and scoring are the task's own (the scorer is built from these tasks,
 * which differ from the version's only in their text). A task the launch left out has no
 * wording and no result to run.
 */
async function worded(db: PrismaClient, context: VersionContext, versionId: string, phrasing: Phrasing): Promise<VersionContext> {
  const texts = await runTaskTexts(db, { versionId, phrasing });
  return texts ? wordedVersion(context, texts) : context;
}

/** The version's tasks with each text swapped for its wording in `texts` (by key); a task without one is dropped. */
export function wordedVersion(context: VersionContext, texts: ReadonlyMap<string, string>): VersionContext {
  const tasks = [...context.tasksByKey.values()].flatMap((task) => {
    const text = texts.get(task.key);
    return text === undefined ? [] : [{ ...task, text }];
  });
  // The mock provider finds its task by the text it is sent (lib/mock-provider/conversation.ts): it reads the worded ones.
  return { ...context, dataset: { ...context.dataset, tasks }, tasksByKey: new Map(tasks.map((task) => [task.key, task])) };
}

/**
 * The endpoint may have changed since launch (removed, key unset, base URL no longer allowed): then no
 * task of the run can call its model, so the run fails with the reason instead of retrying each task.
 */
async function modelOrFailRun(db: PrismaClient, runId: string, build: () => LanguageModel): Promise<LanguageModel> {
  try {
    return build();
  } catch (error) {
    if (error instanceof EndpointError || error instanceof MissingApiKeyError) {
      await db.run.updateMany({
        where: { id: runId, status: { in: ["queued", "running"] } },
        data: { status: "failed", error: `The run's endpoint cannot be used: ${errorMessage(error)}`, finishedAt: new Date() },
      });
    }
    throw error;
  }
}

/** `datasetId` selects a generated dataset's version; without it, the official dataset's. */
export function getVersionContext(db: PrismaClient, version: GroundTruthVersion, contentHash: string, datasetId?: string): Promise<VersionContext> {
  const key = `${datasetId ?? "official"}:${version}:${contentHash}`;
  let context = versions.get(key);
  if (!context) {
    context = (async () => {
      const dataset = await loadDatasetFromDb(db, version, contentHash, datasetId);
      if (!dataset) throw new Error(`Ground truth ${version} is not imported: run \`npm run workbench -- import-data\``);
      return {
        dataset,
        scorer: createProtocolEvaluator({ dataset: dataset, protocol: protocolForGroundTruth(version) }),
        tasksByKey: new Map(dataset.tasks.map((task) => [task.key, task])),
      };
    })();
    versions.set(key, context);
    context.catch(() => versions.delete(key));
  }
  return context;
}

/**
 * The parameters recorded at launch, so the run sends what it says it used; runs launched before they
 * were recorded get the capability table's answer for their model now.
 */
function requestParamsOf(params: unknown, model: string, provider: string | null, temperature: number): ModelRequestParams {
  const request = typeof params === "object" && params !== null && "request" in params ? params.request : undefined;
  const recorded = ModelRequestParamsSchema.safeParse(request);
  if (recorded.success) return recorded.data;
  const kind = PROVIDERS.find((candidate) => candidate === provider);
  return resolveRequestParams({ model, kind, temperature });
}
