// Writes a generated dataset in the official layout, so our loader, `import-data` and the original
// Python harness all read it unchanged:
//   v1/data/processed/*.csv, v1/data/processed/queries_and_answers/<domain>_queries_and_answers.csv,
//   v1/data/raw/email_addresses.csv, v2026/tasks_and_outcomes/<domain>_tasks_and_outcomes.csv,
//   v2026/sandbox/customer_relationship_manager_data.csv, and generated.json (seed and parameters).
// Sandbox files are written as pandas' to_csv would (quotes only where needed), task files fully quoted
// as in the original repository. Output depends only on the data: byte-identical for the same params.
import { mkdir, writeFile } from "node:fs/promises";
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
  const files = new Map<string, string>();
  const v1 = v1Paths("");
  for (const { table, file, columns } of SANDBOX_FILES) {
    const csv = sandboxCsv(columns, dataset.world[WORLD_ROWS[table]]);
    files.set(path.join(v1.processed, file), csv);
    // v2026 revises only the CRM table; a generated workplace has one CRM for both versions.
    if (table === "crm") files.set(v2026Paths("").crm, csv);
  }
  files.set(v1.directory, dataset.world.people.map((person) => `${person.email}\n`).join(""));
  for (const domain of DOMAINS) {
    const tasks = dataset.tasks.filter((task) => task.domain === domain);
    for (const version of GROUND_TRUTH_VERSIONS) files.set(taskFile("", version, domain), tasksCsv(taskColumns(version), tasks));
  }
  files.set("generated.json", `${JSON.stringify(manifest(dataset), null, 2)}\n`);
  return files;
}

export async function writeDataset(outDir: string, dataset: GeneratedDataset): Promise<string[]> {
  const written: string[] = [];
  for (const [relative, content] of datasetFiles(dataset)) {
    const file = path.join(outDir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    written.push(file);
  }
  return written;
}

function sandboxCsv(columns: readonly string[], rows: readonly Row[]): string {
  return stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ""))], { record_delimiter: "\n" });
}

function tasksCsv(header: readonly [string, string], tasks: readonly GeneratedTask[]): string {
  const records = tasks.map((task) => [task.text, pythonList(task.calls), task.template.text, task.template.id, pythonList(task.toolkits)]);
  return stringify([[...header, "base_template", "chosen_template", "domains"], ...records], { quoted: true, record_delimiter: "\n" });
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
