// `workbench import-inspect <file>`: an Inspect eval log (`.eval` archive or JSON) whose samples are
// WorkBench tasks (matched by their text) and whose tool calls are WorkBench's, stored as an imported
// run. Every sample goes through the recorded-results import (lib/runs/import): scored by the engine's
// evaluator from its calls, its trace rebuilt by replaying them, each model turn's text (and usage, when
// the log has it) kept. The log is read twice, a sample at a time (read-log.ts), never held whole:
// first to check every sample (tools, attachments, numbers in range) and fingerprint the log by its
// content (its eval id and a hash of what each sample imports), so a log already imported is
// recognised whatever its file is called; then to match, score and write the rows in one transaction,
// a chunk at a time. A refusal by the database is put in words (database-refusal.ts); nothing is written.
import { createHash } from "node:crypto";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { createProtocolEvaluator, getProtocol, isProtocolId, resolveScoringConfig } from "@/lib/workbench/protocols";
import type { Protocol } from "@/lib/workbench/protocols/types";
import type { RecordedResult } from "@/lib/workbench/results/types";
import { DATASET_SLUG } from "@/lib/runs/launch";
import { getVersionContext } from "@/lib/runs/run-context";
import { buildImportRows, writeImportedRunInChunks, type ImportRow } from "@/lib/runs/import/write-imported-run";
import type { ImportedRun } from "@/lib/runs/import/import-once";
import { faultSettingsOf } from "@/lib/settings/fault-settings";
import { InteropError } from "@/lib/interop/errors";
import { databaseRefusalReason } from "@/lib/interop/database-refusal";
import { isTransientDbError } from "@/lib/db-retry";
import { InspectEvalSpecSchema, InspectSampleSchema, readInspectSample, type InspectEvalSpec, type InspectRow } from "@/lib/interop/inspect/read-samples";
import { readInspectLog } from "@/lib/interop/inspect/read-log";

export interface ImportInspectOptions {
  readonly file: string;
  /** The ground truth to score against; default: the log's task_args.ground_truth, else v1. */
  readonly groundTruth?: GroundTruthVersion;
}

/** Samples matched, scored and written together (memory holds one chunk's rows and traces). */
const CHUNK_SAMPLES = 50;
/** The run's token counters are 32-bit integers. */
const MAX_TOTAL_TOKENS = 2_147_483_647;

function issueText(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join(".") || "value"}: ${issue?.message ?? "invalid"}`;
}

function parseEvalSpec(value: unknown, file: string): InspectEvalSpec {
  if (value === undefined) throw new InteropError("bad_log", `${file}: not an Inspect eval log (it has no eval spec)`);
  const parsed = InspectEvalSpecSchema.safeParse(value);
  if (!parsed.success) throw new InteropError("bad_log", `${file}: not an Inspect eval log (eval.${issueText(parsed.error)})`);
  return parsed.data;
}

/** A sample as a recorded row: its shape and numbers checked, nothing the database cannot store. */
function sampleRow(value: Record<string, unknown>, protocol: Protocol, file: string): InspectRow {
  const parsed = InspectSampleSchema.safeParse(value);
  if (!parsed.success) throw new InteropError("bad_log", `${file}: sample ${String(value.id)}: ${issueText(parsed.error)}`);
  const row = readInspectSample(parsed.data, protocol);
  if (holdsNul(row)) throw new InteropError("bad_log", `${file}: ${row.label} holds a NUL character (\\u0000), which the database cannot store`);
  return row;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsNul);
  return false;
}

const rowTokens = (row: InspectRow) =>
  row.steps.reduce((sum, step) => sum + (step.usage?.inputTokens ?? 0) + (step.usage?.outputTokens ?? 0), 0) +
  (row.finalTurn?.usage ? row.finalTurn.usage.inputTokens + row.finalTurn.usage.outputTokens : 0);

interface CheckedLog {
  readonly spec: InspectEvalSpec;
  readonly samples: number;
  readonly trials: number;
  /** The content's fingerprint: the eval id and a hash of what each sample imports, in any order. */
  readonly fingerprint: string;
}

/**
 * The first pass: every sample read and checked, none kept. The fingerprint hashes each sample's
 * imported row (text, calls, steps with the arguments as sent, answer, error), so the same log
 * fingerprints the same as `.eval` or JSON, attachments resolved or not, under any file name.
 */
async function checkLog(file: string, protocolOf: (spec: InspectEvalSpec) => Protocol): Promise<CheckedLog> {
  let spec: InspectEvalSpec | null = null;
  let protocol: Protocol | null = null;
  const sampleHashes: string[] = [];
  let trials = 1;
  let tokens = 0;
  for await (const item of readInspectLog(file)) {
    if (item.kind === "eval") {
      spec = parseEvalSpec(item.value, file);
      protocol = protocolOf(spec);
      continue;
    }
    if (!spec || !protocol) throw new InteropError("bad_log", `${file}: its samples come before its eval spec, which Inspect never writes`);
    const row = sampleRow(item.value, protocol, file);
    trials = Math.max(trials, row.trial + 1);
    tokens += rowTokens(row);
    if (tokens > MAX_TOTAL_TOKENS) throw new InteropError("bad_log", `${file}: its token counts add up to more than ${MAX_TOTAL_TOKENS}, more than a run's counters hold`);
    sampleHashes.push(createHash("sha256").update(JSON.stringify(row)).digest("hex"));
  }
  if (!spec) throw new InteropError("bad_log", `${file}: not an Inspect eval log (it has no eval spec)`);
  if (sampleHashes.length === 0) throw new InteropError("bad_log", `${file}: the log has no samples (was it written with log_samples off?)`);
  const samplesHash = createHash("sha256").update(sampleHashes.sort().join("\n")).digest("hex");
  const evalId = spec.eval_id || spec.run_id;
  return { spec, samples: sampleHashes.length, trials, fingerprint: `inspect:${evalId}#${samplesHash.slice(0, 32)}` };
}

function metadataOf(spec: InspectEvalSpec): Record<string, unknown> {
  const metadata = (spec as { metadata?: unknown }).metadata;
  return typeof metadata === "object" && metadata !== null ? (metadata as Record<string, unknown>) : {};
}

function groundTruthOf(spec: InspectEvalSpec, chosen: GroundTruthVersion | undefined): GroundTruthVersion {
  if (chosen) return chosen;
  const named = spec.task_args.ground_truth;
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

async function* sampleChunks(file: string, protocol: Protocol): AsyncGenerator<InspectRow[]> {
  let chunk: InspectRow[] = [];
  for await (const item of readInspectLog(file)) {
    if (item.kind !== "sample") continue;
    chunk.push(sampleRow(item.value, protocol, file));
    if (chunk.length >= CHUNK_SAMPLES) yield chunk.splice(0);
  }
  if (chunk.length) yield chunk;
}

export async function importInspectLog(db: PrismaClient, options: ImportInspectOptions): Promise<ImportedRun> {
  try {
    return await importLog(db, options);
  } catch (error) {
    if (error instanceof InteropError) throw error;
    const reason = databaseRefusalReason(error);
    if (!reason) throw error;
    const what = isTransientDbError(error) ? reason : `the database refused the import: ${reason}`;
    throw new InteropError("bad_log", `${options.file}: ${what}; nothing was imported`, { cause: error });
  }
}

async function importLog(db: PrismaClient, options: ImportInspectOptions): Promise<ImportedRun> {
  const scoringOf = (spec: InspectEvalSpec) => {
    const args = spec.task_args;
    return resolveScoringConfig({
      groundTruth: groundTruthOf(spec, options.groundTruth),
      ...(isProtocolId(args.protocol) ? { protocol: args.protocol } : {}),
      ...(typeof args.scoring_revision === "string" ? { revision: args.scoring_revision } : {}),
    });
  };
  const checked = await checkLog(options.file, (spec) => getProtocol(scoringOf(spec).protocol));
  const { spec } = checked;
  const groundTruth = groundTruthOf(spec, options.groundTruth);
  const scoring = scoringOf(spec);
  const protocol = getProtocol(scoring.protocol);
  const importFile = checked.fingerprint;
  // Runs imported before logs were known by their content were keyed by file name and run id.
  const legacyKey = `inspect:${path.basename(options.file)}#${spec.run_id}`;
  const existing = await db.run.findFirst({ where: { source: "imported", groundTruth, importFile: { in: [importFile, legacyKey] } } });
  if (existing) return { runId: existing.id, name: existing.name, importFile: existing.importFile ?? importFile, created: false, tasks: existing.tasksDone, correct: existing.correctCount };

  const version = await db.groundTruthVersion.findFirst({ where: { name: groundTruth, dataset: { slug: DATASET_SLUG } } });
  if (!version) throw new Error(`Ground truth ${groundTruth} is not imported: run \`npm run workbench -- import-data\` first`);
  const context = await getVersionContext(db, groundTruth, version.contentHash);
  const scorer = createProtocolEvaluator({ protocol: scoring.protocol, dataset: context.dataset, revision: scoring.revision });
  const match = await taskMatcher(db, version.id);
  const [provider, ...rest] = spec.model.split("/");
  const model = rest.length ? rest.join("/") : spec.model;
  const toolSet = spec.task_args.tool_set === "domains" ? "domains" : "all";
  const seen = new Set<string>();
  const file = options.file;
  async function* built(): AsyncGenerator<ImportRow[]> {
    for await (const rows of sampleChunks(file, protocol)) {
      const chunk: ImportRow[] = [];
      for (const row of rows) {
        const { taskKey, taskId } = match(row);
        const key = `${taskId}#${row.trial}`;
        if (seen.has(key)) throw new InteropError("bad_log", `${file}: task ${taskKey} appears twice in epoch ${row.trial + 1}`);
        seen.add(key);
        const domain = context.tasksByKey.get(taskKey)?.domain ?? row.domain ?? "";
        const recorded: RecordedResult = {
          domain: domain as RecordedResult["domain"], model, toolSet, query: row.text, calls: row.calls, error: row.error,
          steps: row.steps, finalOutput: row.finalOutput, finalTurn: row.finalTurn, file, line: 0,
        };
        const [imported] = await buildImportRows([{ row: recorded, taskId, taskKey }], { ...context, scorer }, scoring.protocol);
        chunk.push({ ...(imported as ImportRow), trial: row.trial });
      }
      yield chunk;
    }
  }
  const knownProvider = provider && rest.length && provider !== "recorded" && provider !== "none" ? provider : null;
  const name = `${model} · ${toolSet} tools (Inspect log) · ${groundTruth}`;
  const runId = await writeImportedRunInChunks(db, {
    name, datasetId: version.datasetId, versionId: version.id, groundTruth, importFile, model, toolSet,
    protocol: scoring.protocol, scoringRevision: scoring.revision, provider: knownProvider, trials: checked.trials,
    // A Studio export records the run's fault settings; they come back with it (each call's fault with its step).
    params: {
      source: "inspect", inspectRunId: spec.run_id, inspectEvalId: spec.eval_id ?? null, inspectTask: spec.task, file: path.basename(file),
      ...faultSettingsOf(metadataOf(spec).fault_settings),
    },
  }, built());
  const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { tasksDone: true, correctCount: true } });
  return { runId, name, importFile, created: true, tasks: run.tasksDone, correct: run.correctCount };
}
