// Loads the WorkBench Revisited (2026) results layout, as written by upstream src/evals/inference.py
// (f7bed57): `data/results/<domain>/<model>_<all|domains>_<timestamp>.csv.gz` (columns task,
// function_calls, full_response, error; pandas QUOTE_ALL, gzipped after the run) beside
// `<…>_meta.json` (_write_run_metadata) and, when the run logged them, `<…>_traces.json`
// (_save_progress: [{task, steps: [TraceStep]}]). Engine code: no framework imports.
import { stat } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { readBytesOrThrow } from "../datasets/csv-file";
import { streamCsvWithHeader, type StreamedRecord } from "../datasets/csv-stream";
import { DatasetError } from "../datasets/errors";
import type { Domain } from "../datasets/types";
import { readCalls } from "./load";
import { outputOfAgentResult } from "./agent-result";
import { batchesOf, DEFAULT_BATCH_LIMITS, type BatchLimits } from "./stream";
import { TraceLookup, type TraceEntry2026, type TraceStep2026 } from "./traces-2026";
import type { RecordedResult, RecordedStep, RecordedTurn } from "./types";
import { stepFault } from "./recorded-fault";

const FILE_NAME = /^(.+)_(all|domains)_(\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2})\.csv(\.gz)?$/;
const COLUMNS = ["task", "function_calls", "full_response", "error"];
/** upstream agent.py PARSE_ERROR: a ReAct turn whose blob did not parse (no call was made). */
const PARSE_ERROR_ACTION = "__parse_error__";
const FINAL_ANSWER_ACTION = "Final Answer";

/** `_write_run_metadata`'s keys. Older runs lack `ground_truth_version`; unknown keys are kept. */
export const ResultsMeta2026Schema = z
  .object({
    model_name: z.string(),
    model_id: z.string(),
    /** Absent in runs written before direct provider routing (all through OpenRouter): see providerOf. */
    provider: z.string().optional(),
    base_url: z.string().nullish(),
    supports_temperature: z.boolean().optional(),
    tool_selection: z.enum(["all", "domains"]),
    tasks_path: z.string().optional(),
    ground_truth_version: z.string().optional(),
    num_tasks: z.number().int().nonnegative(),
    workers: z.number().optional(),
    log_traces: z.boolean().optional(),
    act_without_confirmation: z.boolean().optional(),
    structured_outputs: z.boolean().optional(),
    datetime_prefix: z.string().optional(),
    sample_system_prompt: z.string().optional(),
    started_at: z.string().nullish(),
    finished_at: z.string().nullish(),
    // Studio's own keys (lib/interop/workbench-2026.ts), which upstream ignores: the exported run's
    // protocol and scoring revision, so its import scores it as it was scored.
    studio_protocol: z.string().optional(),
    studio_scoring_revision: z.string().nullish(),
    /** The exported run's fault settings (Run.params' `fault…` keys), restored on import. */
    studio_fault_settings: z.record(z.string(), z.unknown()).nullish(),
  })
  .passthrough();
export type ResultsMeta2026 = z.infer<typeof ResultsMeta2026Schema>;

/**
 * The provider a run was routed to. Older metas lack `provider`: the harness then sent every model
 * through OpenRouter, whose model ids keep their "vendor/" prefix (agent.py resolve_route strips it
 * only for a direct provider), so a prefixed id means OpenRouter; otherwise it is unknown.
 */
export function providerOf(meta: ResultsMeta2026): string | null {
  if (meta.provider) return meta.provider;
  return meta.model_id.includes("/") ? "openrouter" : null;
}

/** A results file of the 2026 layout: its name's parts, its metadata and where its traces are. */
export interface ResultsFileHeader2026 {
  readonly file: string;
  readonly domain: Domain;
  readonly timestamp: string;
  readonly meta: ResultsMeta2026;
  /** The `_traces.json[.gz]` beside it; null when the run did not log traces. */
  readonly tracesFile: string | null;
}

/** One results file of the 2026 layout with its metadata and rows. */
export interface ResultsFile2026 extends ResultsFileHeader2026 {
  readonly rows: readonly RecordedResult[];
  /** Whether a `_traces.json` was found (steps then come from it). */
  readonly traced: boolean;
}

/** Model, tool set and timestamp of a 2026 results file name; null when it does not follow it. */
export function parseResultsFileName2026(file: string): { model: string; toolSet: "all" | "domains"; timestamp: string } | null {
  const match = FILE_NAME.exec(path.basename(file));
  if (!match) return null;
  return { model: match[1] as string, toolSet: match[2] as "all" | "domains", timestamp: match[3] as string };
}

/** The path without `.csv[.gz]`: the writer derives `_meta.json` / `_traces.json` from it. */
function stem(file: string): string {
  return file.replace(/\.csv(\.gz)?$/, "");
}

/** The `_meta.json` beside a `<…>.csv[.gz]`. */
export function metaFileOf(file: string): string {
  return `${stem(file)}_meta.json`;
}

/** True when a `<…>.csv[.gz]` has its `_meta.json` beside it (how a 2026 file is told from a v1 one). */
export async function hasMeta2026(file: string): Promise<boolean> {
  return (await stat(metaFileOf(file)).catch(() => null))?.isFile() ?? false;
}

/** Name, metadata and traces file of a 2026 results file, without reading its rows. */
export async function loadResultsHeader2026(file: string, domain: Domain): Promise<ResultsFileHeader2026> {
  const name = parseResultsFileName2026(file);
  if (!name) throw new DatasetError("bad_layout", file, null, "file name is not <model>_<all|domains>_<timestamp>.csv.gz");
  const meta = await readMeta(metaFileOf(file));
  if (meta.model_name !== name.model || meta.tool_selection !== name.toolSet) {
    throw new DatasetError("bad_value", `${stem(file)}_meta.json`, null, `describes ${meta.model_name}_${meta.tool_selection}, not ${name.model}_${name.toolSet}`);
  }
  return { file, domain, timestamp: name.timestamp, meta, tracesFile: await findTraces(stem(file)) };
}

/**
 * The rows of a 2026 results file in batches (the CSV is streamed and gunzipped as it is read). The
 * traces file, when there is one, is streamed beside it (traces-2026.ts): each row takes its task's
 * next entry, which in upstream's order is the next one in the file; a batch counts its traces' size.
 */
export async function* streamResultsFile2026(header: ResultsFileHeader2026, limits: BatchLimits = DEFAULT_BATCH_LIMITS): AsyncGenerator<RecordedResult[]> {
  const { file, domain, meta } = header;
  const traces = header.tracesFile ? new TraceLookup(header.tracesFile) : null;
  try {
    yield* batchesOf(
      withTraces(streamCsvWithHeader(file, COLUMNS), traces),
      ({ fields, line, trace }): RecordedResult => ({
        domain, model: meta.model_name, toolSet: meta.tool_selection, query: fields.task ?? "",
        calls: readCalls(file, line, fields.function_calls ?? ""),
        error: fields.error ?? "",
        steps: traces ? stepsOf(trace?.steps) : null,
        finalTurn: finalTurnOf(trace?.steps),
        finalOutput: outputOfAgentResult(fullResponseOf(fields)),
        file, line,
      }),
      limits,
    );
  } finally {
    await traces?.close();
  }
}

/**
 * Each record with its trace entry (none without a traces file), its size counted with the record's.
 * The thoughts are counted again, twice: of an entry they are what the import keeps (each becomes a
 * step's text), and they are copied several times on their way to the database (the rows' JSON, the
 * driver's parameters), so a batch of megabyte thoughts costs several times its size before the
 * collector catches up (bench import, 200 MB of thoughts: ~290-330 MB peak RSS at 8 MB batches).
 */
async function* withTraces(records: AsyncIterable<StreamedRecord>, traces: TraceLookup | null): AsyncGenerator<StreamedRecord & { trace?: TraceEntry2026 }> {
  for await (const record of records) {
    const trace = await traces?.next(record.fields.task ?? "");
    yield trace ? { ...record, trace, chars: record.chars + trace.bytes + 2 * thoughtChars(trace.steps) } : record;
  }
}

const thoughtChars = (steps: readonly TraceStep2026[]) => steps.reduce((sum, step) => sum + step.llm_output.length, 0);

const fullResponseOf = (fields: Readonly<Record<string, string>>) => fields.full_response ?? "";

/** A whole 2026 results file (its rows held in memory: for small files and tests; imports stream). */
export async function loadResultsFile2026(file: string, domain: Domain): Promise<ResultsFile2026> {
  const header = await loadResultsHeader2026(file, domain);
  const rows: RecordedResult[] = [];
  for await (const batch of streamResultsFile2026(header)) rows.push(...batch);
  return { ...header, rows, traced: header.tracesFile !== null };
}

async function readText(file: string): Promise<string> {
  const bytes = await readBytesOrThrow(file);
  if (!file.endsWith(".gz")) return bytes.toString("utf8");
  try {
    return gunzipSync(bytes).toString("utf8");
  } catch (error) {
    throw new DatasetError("bad_csv", file, null, `not a gzip file: ${(error as Error).message}`);
  }
}

async function readJson(file: string): Promise<unknown> {
  const text = await readText(file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DatasetError("bad_value", file, null, `not JSON: ${(error as Error).message}`);
  }
}

async function readMeta(file: string): Promise<ResultsMeta2026> {
  const parsed = ResultsMeta2026Schema.safeParse(await readJson(file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetError("bad_value", file, null, `${issue?.path.join(".") || "meta"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/** The `_traces.json` (or `.json.gz`) beside a results file; null when the run did not log traces. */
async function findTraces(base: string): Promise<string | null> {
  for (const file of [`${base}_traces.json`, `${base}_traces.json.gz`]) {
    if (await stat(file).catch(() => null)) return file;
  }
  return null;
}

/** The "Final Answer" step's model output (the turn that made no call), when the trace has one. */
function finalTurnOf(steps: readonly TraceStep2026[] | undefined): RecordedTurn | null {
  const final = steps?.findLast((step) => step.action === FINAL_ANSWER_ACTION);
  return final ? { log: final.llm_output } : null;
}

/**
 * One step per call made (parse errors and the final answer made none), with the model's output. A call
 * Studio's export marks with its injected fault keeps it, with the answer the agent was shown.
 */
function stepsOf(steps: readonly TraceStep2026[] | undefined): RecordedStep[] | null {
  if (!steps) return null;
  return steps
    .filter((step) => step.action !== PARSE_ERROR_ACTION && step.action !== FINAL_ANSWER_ACTION)
    .map((step) => ({
      tool: step.action, toolInput: step.action_input, log: step.llm_output,
      ...(step.model_turn === undefined ? {} : { turn: step.model_turn }),
      ...stepFault(step.fault, step.observation),
    }));
}
