// Writes a generated dataset in the official layout, so our loader, `import-data` and the original
// Python harness all read it unchanged:
//   v1/data/processed/*.csv, v1/data/processed/queries_and_answers/<domain>_queries_and_answers.csv,
//   v1/data/raw/email_addresses.csv, v2026/tasks_and_outcomes/<domain>_tasks_and_outcomes.csv,
//   v2026/sandbox/customer_relationship_manager_data.csv, and generated.json (seed and parameters).
// Sandbox files are written as pandas' to_csv would (quotes only where needed), task files fully quoted
// as in the original repository. Output depends only on the data: byte-identical for the same params.
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { taskColumns, taskFile } from "../datasets/load-dataset";
import { SANDBOX_FILES } from "../datasets/load-sandbox";
import { v1Paths, v2026Paths } from "../datasets/data-dir";
import { DOMAINS, GROUND_TRUTH_VERSIONS } from "../datasets/types";
import type { GenerateParams } from "./params";
import type { GeneratedTask, Shortfall } from "./tasks";
import { WORLD_ROWS, type Row, type World } from "./world/types";

export interface GeneratedDataset {
  readonly params: GenerateParams;
  readonly world: World;
  readonly tasks: readonly GeneratedTask[];
  /** Templates that made fewer instances than asked for (empty when every template made its share). */
  readonly shortfall: readonly Shortfall[];
}

/** Every file by its path relative to the dataset's root, in the layout the loader reads (load-sandbox.ts, load-dataset.ts). */
export function datasetFiles(dataset: GeneratedDataset): Map<string, string> {
  return new Map([...datasetFileChunks(dataset)].map(([relative, chunks]) => [relative, [...chunks].join("")]));
}

/**
 * The same files as datasetFiles, each as a lazy sequence of text chunks (a few thousand rows each),
 * so writeDataset never holds a whole table as one string: at 1000× the visits file alone is 100 MB.
 * CSV quoting is per field, so the chunks joined are byte-identical to one stringify of every row.
 */
function* datasetFileChunks(dataset: GeneratedDataset): Generator<readonly [string, Iterable<string>]> {
  const v1 = v1Paths("");
  for (const { table, file, columns } of SANDBOX_FILES) {
    const rows = dataset.world[WORLD_ROWS[table]];
    yield [path.join(v1.processed, file), sandboxCsv(columns, rows)];
    // v2026 revises only the CRM table; a generated workplace has one CRM for both versions.
    if (table === "crm") yield [v2026Paths("").crm, sandboxCsv(columns, rows)];
  }
  yield [v1.directory, inChunks(dataset.world.people, (people) => people.map((person) => `${person.email}\n`).join(""))];
  for (const domain of DOMAINS) {
    const tasks = dataset.tasks.filter((task) => task.domain === domain);
    for (const version of GROUND_TRUTH_VERSIONS) yield [taskFile("", version, domain), tasksCsv(taskColumns(version), tasks)];
  }
  yield ["generated.json", [`${JSON.stringify(manifest(dataset), null, 2)}\n`]];
}

export async function writeDataset(outDir: string, dataset: GeneratedDataset): Promise<string[]> {
  const written: string[] = [];
  for (const [relative, chunks] of datasetFileChunks(dataset)) {
    const file = path.join(outDir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(Readable.from(chunks), createWriteStream(file));
    written.push(file);
  }
  return written;
}

const ROWS_PER_CHUNK = 2000;

function* inChunks<T>(items: readonly T[], text: (chunk: readonly T[]) => string): Generator<string> {
  for (let start = 0; start < items.length; start += ROWS_PER_CHUNK) yield text(items.slice(start, start + ROWS_PER_CHUNK));
}

function* sandboxCsv(columns: readonly string[], rows: readonly Row[]): Generator<string> {
  yield stringify([columns], { record_delimiter: "\n" });
  yield* inChunks(rows, (chunk) => stringify(chunk.map((row) => columns.map((column) => row[column] ?? "")), { record_delimiter: "\n" }));
}

function* tasksCsv(header: readonly [string, string], tasks: readonly GeneratedTask[]): Generator<string> {
  yield stringify([[...header, "base_template", "chosen_template", "domains"]], { quoted: true, record_delimiter: "\n" });
  const record = (task: GeneratedTask) => [task.text, pythonList(task.calls), task.template.text, task.template.id, pythonList(task.toolkits)];
  yield* inChunks(tasks, (chunk) => stringify(chunk.map(record), { quoted: true, record_delimiter: "\n" }));
}

/** A Python list literal of strings: ['a', 'b'] (calls contain double quotes, never single ones). */
function pythonList(items: readonly string[]): string {
  return `[${items.map((item) => `'${item.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`).join(", ")}]`;
}

export function manifest(dataset: GeneratedDataset) {
  return {
    generator: "workbench-studio",
    params: dataset.params,
    counts: {
      tasks: dataset.tasks.length,
      noAction: dataset.tasks.filter((task) => task.calls.length === 0).length,
      templates: new Set(dataset.tasks.map((task) => task.template.id)).size,
      calendar: dataset.world.calendar.length,
      email: dataset.world.email.length,
      analytics: dataset.world.analytics.length,
      crm: dataset.world.crm.length,
      projectTasks: dataset.world.projectTasks.length,
      directory: dataset.world.people.length,
    },
    shortfall: dataset.shortfall,
  };
}
