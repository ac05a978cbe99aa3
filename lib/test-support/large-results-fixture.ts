// Large results files for the import memory bench and test. v1: the paper's rows of one file, each
// row's full_response padded (an extra `'notes'` key in the repr dict, which the importer parses and
// ignores) until the file reaches the size asked for. 2026: a gzipped file in upstream inference.py's
// layout answering each v2026 email task with its ground-truth calls, the AgentResult repr padded the
// same way, beside a `_meta.json`. Real task texts, so every row matches its task.
import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createGzip } from "node:zlib";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

const SOURCE = "multi_domain/gpt-4_all_2024-03-23_21-17-32.csv";

export interface LargeResultsFile {
  readonly dir: string;
  readonly file: string;
  readonly bytes: number;
  readonly rows: number;
}

/** Writes `<dir>/multi_domain/<model>_all_2024-03-23_21-17-32.csv` of about `targetBytes`. */
export async function writeLargeResultsFile(dataDir: string, dir: string, model: string, targetBytes: number): Promise<LargeResultsFile> {
  const records: string[][] = parse(await readFile(path.join(dataDir, "v1/data/results", SOURCE), "utf8"));
  const [header, ...rows] = records as [string[], ...string[][]];
  const responseColumn = header.indexOf("full_response");
  const sourceBytes = Buffer.byteLength(stringify(records, { quoted: true }));
  const padPerRow = Math.max(0, Math.ceil((targetBytes - sourceBytes) / rows.length));
  const file = path.join(dir, "multi_domain", `${model}_all_2024-03-23_21-17-32.csv`);
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "w");
  try {
    await handle.write(stringify([header], { quoted: true }));
    for (const [index, row] of rows.entries()) {
      const response = row[responseColumn] ?? "";
      // Varied text (not one repeated byte), so compression or interning cannot make it cheap.
      const pad = padding(index, padPerRow);
      // The model's name in the notes: imports recognise files by content, so a file for another model
      // name is another import even in a database that holds an earlier one.
      const padded = response.startsWith("{") ? `{'notes': '${model} ${pad}', ${response.slice(1)}` : response;
      await handle.write(stringify([row.map((field, column) => (column === responseColumn ? padded : field))], { quoted: true }));
    }
  } finally {
    await handle.close();
  }
  const { size } = await stat(file);
  return { dir, file, bytes: size, rows: rows.length };
}

function padding(seed: number, length: number): string {
  const words = ["thought", "action", "observation", "email", "calendar", "analytics", "search", "result", "plan"];
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < length; i += 1) {
    const word = `${words[(seed + i * 7) % words.length]}${(seed * 31 + i) % 997} `;
    parts.push(word);
    size += word.length;
  }
  return parts.join("").slice(0, length);
}

const FIXTURE_2026 = path.join(import.meta.dirname, "../runs/import/fixtures/results-2026/email/gpt-5.4-mini_all_2026-06-03_17-59-59");

/**
 * Where a large traces file's size is: `llm_input`, the prompt each step sent (the conversation so far:
 * what makes real traces files large; the importer does not keep it), or `llm_output`, the model's
 * thoughts (kept: each becomes a step's text in the database).
 */
export type TracesBulk = "llm_input" | "llm_output";

export interface LargeResultsFile2026 extends LargeResultsFile {
  /** The `_traces.json` written beside it (with `tracesBytes`), and its size. */
  readonly traces?: { readonly file: string; readonly bytes: number };
}

/**
 * Writes `<dir>/email/<model>_all_2026-06-03_17-59-59.csv.gz` (about `targetBytes` before gzip) and its
 * `_meta.json`; with `tracesBytes`, also a `_traces.json` of about that size (json.dump(indent=2) as
 * upstream writes it: one entry per row, in row order, a step per ground-truth call then the final answer,
 * the first step's `tracesBulkIn` field padded).
 */
export async function writeLargeResultsFile2026(
  dataDir: string,
  dir: string,
  model: string,
  targetBytes: number,
  options: { readonly tracesBytes?: number; readonly tracesBulkIn?: TracesBulk } = {},
): Promise<LargeResultsFile2026> {
  const tasks: string[][] = parse(await readFile(path.join(dataDir, "v2026/tasks_and_outcomes/email_tasks_and_outcomes.csv"), "utf8"));
  const [header, ...rows] = tasks as [string[], ...string[][]];
  const [taskColumn, outcomeColumn] = [header.indexOf("task"), header.indexOf("outcome")];
  const padPerRow = Math.ceil(targetBytes / rows.length);
  const base = path.join(dir, "email", `${model}_all_2026-06-03_17-59-59`);
  await mkdir(path.dirname(base), { recursive: true });
  const meta = JSON.parse(await readFile(`${FIXTURE_2026}_meta.json`, "utf8"));
  const traced = (options.tracesBytes ?? 0) > 0;
  await writeFile(`${base}_meta.json`, JSON.stringify({ ...meta, model_name: model, model_id: model, num_tasks: rows.length, log_traces: traced }, null, 2));
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(`${base}.csv.gz`));
  const write = (text: string) => new Promise<void>((resolve) => (gzip.write(text) ? resolve() : gzip.once("drain", () => resolve())));
  await write(stringify([["task", "function_calls", "full_response", "error"]], { quoted: true }));
  let bytes = 0;
  for (const [index, row] of rows.entries()) {
    const response = `AgentResult(output='Done.', intermediate_steps=[], trace=[], notes='${padding(index, padPerRow)}')`;
    const line = stringify([[row[taskColumn], row[outcomeColumn], response, ""]], { quoted: true });
    bytes += Buffer.byteLength(line);
    await write(line);
  }
  await new Promise<void>((resolve, reject) => {
    out.on("finish", resolve).on("error", reject);
    gzip.end();
  });
  const traces = traced ? await writeTraces(`${base}_traces.json`, rows.map((row) => [row[taskColumn] ?? "", row[outcomeColumn] ?? ""]), options.tracesBytes!, options.tracesBulkIn ?? "llm_input") : undefined;
  return { dir, file: `${base}.csv.gz`, bytes, rows: rows.length, traces };
}

async function writeTraces(file: string, rows: readonly (readonly [string, string])[], targetBytes: number, bulkIn: TracesBulk): Promise<{ file: string; bytes: number }> {
  const padPerRow = Math.ceil(targetBytes / rows.length);
  const out = createWriteStream(file);
  const write = (text: string) => new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once("drain", () => resolve())));
  await write("[\n");
  for (const [index, [task, outcome]] of rows.entries()) {
    const tools = [...outcome.matchAll(/([a-z_]+\.[a-z_]+)\.func\(/g)].map((match) => match[1]!);
    const pad = (field: "llm_input" | "llm_output", step: number) => (field === bulkIn && step === 0 ? padding(index, padPerRow) : `step ${step}`);
    const steps = [...tools, "Final Answer"].map((action, step) => ({
      llm_input: `[{'role': 'user', 'content': '${pad("llm_input", step)}'}]`,
      llm_output: `Thought: ${pad("llm_output", step)}`,
      action,
      action_input: action === "Final Answer" ? "Done." : {},
      observation: action === "Final Answer" ? "" : "[]",
    }));
    const entry = JSON.stringify({ task, steps }, null, 2).replace(/^/gm, "  ");
    await write(`${entry}${index < rows.length - 1 ? "," : ""}\n`);
  }
  await new Promise<void>((resolve, reject) => {
    out.on("finish", resolve).on("error", reject);
    out.end("]\n");
  });
  return { file, bytes: (await stat(file)).size };
}
