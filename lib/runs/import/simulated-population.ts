// A simulated population (lib/metrics/irt/simulate.ts) written as recorded runs, so the estimator is tested
// on data whose truth is known and which reached the database the way real recorded runs do: one run per
// configuration over the 690 official v1 tasks, as the paper's results CSVs (`<domain>/<model>_all_<ts>.csv`),
// imported by the same code as `workbench import-results`, then marked as test runs (off the boards).
// The simulated items are the real tasks: template t of the simulation is the t-th base template (tasks
// grouped by baseTemplate, ordered by their first key), its k-th item the template's k-th task by key.
// A right answer is the task's ground-truth calls (scored right by the v1 evaluator, as the oracle is); a
// wrong one is no call at all, except where the ground truth itself is no call: there it is one harmless
// write, the first ground-truth call of another task of the same domain. `verify` compares what the
// scorer stored with the simulated verdicts.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { stringify } from "csv-stringify/sync";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { simulatePopulation, type SimulatedPopulation } from "@/lib/metrics/irt/simulate";
import { formatPythonLiteral } from "@/lib/workbench/calls/python-literal";
import { importRecordedResults } from "./import-results";
import type { ImportedRun } from "./import-once";

export interface SimulatedTask {
  readonly key: string;
  readonly domain: string;
  readonly text: string;
  readonly groundTruth: readonly string[];
  readonly baseTemplate: string;
}

export interface SimulatedRuns {
  readonly population: SimulatedPopulation;
  /** The real tasks in the population's item order (item i is tasks[i]; null where a template has fewer tasks). */
  readonly tasks: readonly (SimulatedTask | null)[];
  readonly models: readonly string[];
  readonly runs: readonly ImportedRun[];
}

/** The official v1 tasks grouped into their base templates, in a stable order. */
export async function officialV1Templates(db: PrismaClient): Promise<SimulatedTask[][]> {
  const tasks = await db.task.findMany({
    where: { version: { name: "v1", dataset: { slug: OFFICIAL_DATASET_SLUG } } },
    select: { key: true, domain: true, text: true, groundTruth: true, baseTemplate: true },
    orderBy: { key: "asc" },
  });
  if (tasks.length === 0) throw new Error("the official v1 tasks are not imported: run `workbench import-data` first");
  const templates = new Map<string, SimulatedTask[]>();
  for (const task of tasks) templates.set(task.baseTemplate, [...(templates.get(task.baseTemplate) ?? []), task]);
  return [...templates.values()];
}

/** The calls a configuration answers a task with: the ground truth when right; nothing, or a harmless write, when wrong. */
export function answerCalls(task: SimulatedTask, correct: boolean, wrongWrite: string): readonly string[] {
  if (correct) return task.groundTruth;
  return task.groundTruth.length === 0 ? [wrongWrite] : [];
}

/** Per domain, the first ground-truth call of any of its tasks (a write that changes the sandbox). */
function wrongWrites(templates: readonly (readonly SimulatedTask[])[]): Map<string, string> {
  const writes = new Map<string, string>();
  for (const task of templates.flat()) if (!writes.has(task.domain) && task.groundTruth[0]) writes.set(task.domain, task.groundTruth[0]);
  return writes;
}

const modelOf = (seed: number, configuration: number) => `simulated-s${seed}-c${String(configuration).padStart(3, "0")}`;

export async function importSimulatedPopulation(db: PrismaClient, options: { readonly configurations: number; readonly seed: number; readonly outDir: string }): Promise<SimulatedRuns> {
  const templates = await officialV1Templates(db);
  const perTemplate = Math.max(...templates.map((tasks) => tasks.length));
  const population = simulatePopulation({ configurations: options.configurations, seed: options.seed, templates: templates.length, tasksPerTemplate: perTemplate });
  const tasks = templates.flatMap((group) => Array.from({ length: perTemplate }, (_, k) => group[k] ?? null));
  const writes = wrongWrites(templates);
  const anyWrite = [...writes.values()][0] as string;
  const models = population.configurations.map((_, j) => modelOf(options.seed, j));
  for (const [j, row] of population.rows.entries()) {
    const byDomain = new Map<string, string[][]>();
    tasks.forEach((task, i) => {
      if (!task) return;
      const calls = answerCalls(task, row[i] === 1, writes.get(task.domain) ?? anyWrite);
      const response = formatPythonLiteral({ kind: "dict", entries: [["input", task.text], ["output", ""], ["intermediate_steps", []]] });
      byDomain.set(task.domain, [...(byDomain.get(task.domain) ?? []), [task.text, formatPythonLiteral([...calls]), response, ""]]);
    });
    for (const [domain, rows] of byDomain) {
      await mkdir(path.join(options.outDir, domain), { recursive: true });
      const file = path.join(options.outDir, domain, `${models[j]}_all_2024-01-01_00-00-00.csv`);
      await writeFile(file, stringify([["query", "function_calls", "full_response", "error"], ...rows], { quoted: true }));
    }
  }
  const runs = await importRecordedResults(db, { resultsPath: options.outDir, groundTruth: "v1" });
  await db.run.updateMany({ where: { id: { in: runs.map((run) => run.runId) } }, data: { testRun: true } });
  return { population, tasks, models, runs };
}

/** Cells where the scorer's stored verdict differs from the simulated one (empty when the path is faithful). */
export async function simulatedMismatches(db: PrismaClient, simulated: SimulatedRuns): Promise<string[]> {
  const mismatches: string[] = [];
  const runOf = new Map(simulated.runs.map((run) => [run.name.split(" ")[0], run.runId] as const));
  for (const [j, model] of simulated.models.entries()) {
    const runId = runOf.get(model);
    if (!runId) { mismatches.push(`${model}: no run`); continue; }
    const stored = await db.taskResult.findMany({ where: { runId, trial: 0 }, select: { correct: true, task: { select: { key: true } } } });
    const verdictOf = new Map(stored.map((result) => [result.task.key, result.correct] as const));
    simulated.tasks.forEach((task, i) => {
      if (!task) return;
      const expected = simulated.population.rows[j]?.[i] === 1;
      if (verdictOf.get(task.key) !== expected) mismatches.push(`${model} ${task.key}: simulated ${expected ? "right" : "wrong"}, scored ${verdictOf.get(task.key) ?? "missing"}`);
    });
  }
  return mismatches;
}
