// `workbench import-inspect <file>`: an Inspect EvalLog whose samples are WorkBench tasks (matched by
// their text) and whose tool calls are WorkBench's, stored as an imported run. Every sample goes
// through the recorded-results import (lib/runs/import): scored by the engine's evaluator from its
// calls, its trace rebuilt by replaying them, each model turn's text (and usage, when the log has it)
// kept. Idempotent like the other imports (the same log is not imported twice).
import fs from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { createProtocolEvaluator, getProtocol, isProtocolId, resolveScoringConfig } from "@/lib/workbench/protocols";
import type { RecordedResult } from "@/lib/workbench/results/types";
import { DATASET_SLUG } from "@/lib/runs/launch";
import { getVersionContext } from "@/lib/runs/run-context";
import { buildImportRows, writeImportedRun, type ImportRow } from "@/lib/runs/import/write-imported-run";
import type { ImportedRun } from "@/lib/runs/import/import-once";
import { faultSettingsOf } from "@/lib/settings/fault-settings";
import { InteropError } from "@/lib/interop/errors";
import { InspectLogSchema, readInspectSample, type InspectLog, type InspectRow } from "@/lib/interop/inspect/read-samples";

export interface ImportInspectOptions {
  readonly file: string;
  /** The ground truth to score against; default: the log's task_args.ground_truth, else v1. */
  readonly groundTruth?: GroundTruthVersion;
}

async function readLog(file: string): Promise<InspectLog> {
  let json: unknown;
  try {
    json = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (error) {
    throw new InteropError("bad_log", `${file}: not a JSON file (${(error as Error).message}); Inspect's binary .eval logs convert with \`inspect log convert --to json\``);
  }
  const parsed = InspectLogSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InteropError("bad_log", `${file}: not an Inspect eval log (${issue?.path.join(".") || "log"}: ${issue?.message ?? "invalid"})`);
  }
  if (!parsed.data.samples?.length) throw new InteropError("bad_log", `${file}: the log has no samples (was it written with log_samples off?)`);
  return parsed.data;
}

function metadataOf(spec: InspectLog["eval"]): Record<string, unknown> {
  const metadata = spec.metadata;
  return typeof metadata === "object" && metadata !== null ? (metadata as Record<string, unknown>) : {};
}

function groundTruthOf(log: InspectLog, chosen: GroundTruthVersion | undefined): GroundTruthVersion {
  if (chosen) return chosen;
  const named = log.eval.task_args.ground_truth;
  return GROUND_TRUTH_VERSIONS.find((version) => version === named) ?? "v1";
}

/** Task text (per domain, and across domains) → key, over the scored version's and v1's wording. */
async function taskMatcher(db: PrismaClient, versionId: string) {
  const v1 = await db.groundTruthVersion.findFirst({ where: { name: "v1", dataset: { slug: DATASET_SLUG } }, select: { id: true } });
  const [v1Tasks, targetTasks] = await Promise.all([
    v1 ? db.task.findMany({ where: { versionId: v1.id }, select: { key: true, domain: true, text: true } }) : [],
    db.task.findMany({ where: { versionId }, select: { id: true, key: true, domain: true, text: true } }),
  ]);
  const byText = new Map<string, Set<string>>();
  const byDomainText = new Map<string, string>();
  for (const task of [...v1Tasks, ...targetTasks]) {
    byText.set(task.text, (byText.get(task.text) ?? new Set()).add(task.key));
    byDomainText.set(`${task.domain}\n${task.text}`, task.key);
  }
  const idByKey = new Map(targetTasks.map((task) => [task.key, task.id]));
  return (row: InspectRow): { taskKey: string; taskId: string } => {
    const keys = row.domain ? [byDomainText.get(`${row.domain}\n${row.text}`)].filter((key) => key !== undefined) : [...(byText.get(row.text) ?? [])];
    if (keys.length !== 1) {
      throw new InteropError("not_workbench", `The first unmatched ${row.label}: its input ${keys.length ? "matches several WorkBench tasks" : "is not the text of a WorkBench task"} (${JSON.stringify(row.text.slice(0, 80))})`);
    }
    const taskKey = keys[0] as string;
    const taskId = idByKey.get(taskKey);
    if (!taskId) throw new InteropError("not_workbench", `${row.label}: task ${taskKey} is not in the ground truth being scored`);
    return { taskKey, taskId };
  };
}

export async function importInspectLog(db: PrismaClient, options: ImportInspectOptions): Promise<ImportedRun> {
  const log = await readLog(options.file);
  const groundTruth = groundTruthOf(log, options.groundTruth);
  const args = log.eval.task_args;
  const scoring = resolveScoringConfig({
    groundTruth,
    ...(isProtocolId(args.protocol) ? { protocol: args.protocol } : {}),
    ...(typeof args.scoring_revision === "string" ? { revision: args.scoring_revision } : {}),
  });
  const protocol = getProtocol(scoring.protocol);
  // Every sample is read (and its tools checked) before anything is written.
  const rows = (log.samples ?? []).map((sample) => readInspectSample(sample, protocol));
  const importFile = `inspect:${path.basename(options.file)}#${log.eval.run_id}`;
  const existing = await db.run.findFirst({ where: { source: "imported", groundTruth, importFile } });
  if (existing) return { runId: existing.id, name: existing.name, importFile, created: false, tasks: existing.tasksDone, correct: existing.correctCount };

  const version = await db.groundTruthVersion.findFirst({ where: { name: groundTruth, dataset: { slug: DATASET_SLUG } } });
  if (!version) throw new Error(`Ground truth ${groundTruth} is not imported: run \`npm run workbench -- import-data\` first`);
  const context = await getVersionContext(db, groundTruth, version.contentHash);
  const scorer = createProtocolEvaluator({ protocol: scoring.protocol, dataset: context.dataset, revision: scoring.revision });
  const match = await taskMatcher(db, version.id);
  const [provider, ...rest] = log.eval.model.split("/");
  const model = rest.length ? rest.join("/") : log.eval.model;
  const toolSet = args.tool_set === "domains" ? "domains" : "all";
  const built: ImportRow[] = [];
  for (const row of rows) {
    const { taskKey, taskId } = match(row);
    const domain = context.tasksByKey.get(taskKey)?.domain ?? row.domain ?? "";
    const recorded: RecordedResult = {
      domain: domain as RecordedResult["domain"], model, toolSet, query: row.text, calls: row.calls, error: row.error,
      steps: row.steps, finalOutput: row.finalOutput, finalTurn: row.finalTurn, file: options.file, line: 0,
    };
    const [imported] = await buildImportRows([{ row: recorded, taskId, taskKey }], { ...context, scorer }, scoring.protocol);
    built.push({ ...(imported as ImportRow), trial: row.trial });
  }
  const seen = new Set<string>();
  for (const row of built) {
    const key = `${row.taskId}#${row.trial}`;
    if (seen.has(key)) throw new InteropError("bad_log", `${options.file}: task ${row.taskId} appears twice in epoch ${(row.trial ?? 0) + 1}`);
    seen.add(key);
  }
  const knownProvider = provider && rest.length && provider !== "recorded" && provider !== "none" ? provider : null;
  const name = `${model} · ${toolSet} tools (Inspect log) · ${groundTruth}`;
  const runId = await writeImportedRun(db, {
    name, datasetId: version.datasetId, versionId: version.id, groundTruth, importFile, model, toolSet,
    protocol: scoring.protocol, scoringRevision: scoring.revision, provider: knownProvider,
    trials: Math.max(1, ...built.map((row) => (row.trial ?? 0) + 1)), rows: built,
    // A Studio export records the run's fault settings; they come back with it (each call's fault with its step).
    params: { source: "inspect", inspectRunId: log.eval.run_id, inspectTask: log.eval.task, ...faultSettingsOf(metadataOf(log.eval).fault_settings) },
  });
  const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { tasksDone: true, correctCount: true } });
  return { runId, name, importFile, created: true, tasks: run.tasksDone, correct: run.correctCount };
}
