// A simulated population (lib/metrics/irt/simulate.ts) written as recorded runs, so the estimator is tested
// on data whose truth is known and which reached the database the way real recorded runs do: one run per
// configuration over the 690 official v1 tasks, as the paper's results CSVs (`<domain>/<model>_all_<ts>.csv`),
// imported by the same code as `workbench import-results`, then marked as test runs (off the boards).
// The simulated items are the real tasks: template t of the simulation is the t-th base template (tasks
// grouped by baseTemplate, ordered by their first key), its k-th item the template's k-th task by key.
// A right answer is the task's ground-truth calls; a wrong one is no call at all, except where doing
// nothing already leaves the sandbox as the ground truth does (no ground-truth call, or one that changes
// nothing: reassigning a customer to whom they already have): there it is one harmless write, another
// task's first ground-truth call. Each answer is checked with the v1 evaluator before anything is written,
// and `simulatedMismatches` compares what the import stored with the simulated verdicts.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { stringify } from "csv-stringify/sync";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import { createProtocolEvaluator } from "@/lib/workbench/protocols";
import type { Task } from "@/lib/workbench/datasets/types";
import { simulatePopulation, type SimulatedPopulation } from "@/lib/metrics/irt/simulate";
import { formatPythonLiteral } from "@/lib/workbench/calls/python-literal";
import { importRecordedResults } from "./import-results";
import type { ImportedRun } from "./import-once";

export type SimulatedTask = Pick<Task, "key" | "domain" | "text" | "groundTruth" | "baseTemplate">;

export interface SimulatedRuns {
  readonly population: SimulatedPopulation;
  /** The real tasks in the population's item order (item i is tasks[i]; null where a template has fewer tasks). */
  readonly tasks: readonly (SimulatedTask | null)[];
  readonly models: readonly string[];
  readonly runs: readonly ImportedRun[];
}

/** Tasks grouped into their base templates, templates in the order of their first task's key, tasks by key. */
export function tasksByTemplate<T extends SimulatedTask>(tasks: readonly T[]): T[][] {
  const templates = new Map<string, T[]>();
  for (const task of [...tasks].sort((x, y) => x.key.localeCompare(y.key))) templates.set(task.baseTemplate, [...(templates.get(task.baseTemplate) ?? []), task]);
  return [...templates.values()];
}

export interface Answers {
  readonly right: readonly string[];
  readonly wrong: readonly string[];
}

/**
 * Per task, the calls of a right and of a wrong answer, each confirmed by the scorer: the ground truth, and
 * no call unless that scores right (then the first other task's ground-truth call that scores wrong).
 */
export function simulatedAnswers(tasks: readonly Task[], score: (task: Task, calls: readonly string[]) => boolean): Map<string, Answers> {
  const writes = [...new Set(tasks.flatMap((task) => task.groundTruth.slice(0, 1)))];
  const answers = new Map<string, Answers>();
  for (const task of tasks) {
    if (!score(task, task.groundTruth)) throw new Error(`${task.key}: its ground-truth calls do not score right`);
    const wrong = !score(task, []) ? [] : writes.map((write) => [write]).find((calls) => !score(task, calls));
    if (!wrong) throw new Error(`${task.key}: no answer found that scores wrong`);
    answers.set(task.key, { right: task.groundTruth, wrong });
  }
  return answers;
}

const modelOf = (seed: number, configuration: number) => `simulated-s${seed}-c${String(configuration).padStart(3, "0")}`;

export async function importSimulatedPopulation(db: PrismaClient, options: { readonly configurations: number; readonly seed: number; readonly outDir: string }): Promise<SimulatedRuns> {
  const dataset = await loadDatasetFromDbOrThrow(db, "v1");
  const evaluator = createProtocolEvaluator({ dataset });
  const answers = simulatedAnswers(dataset.tasks, (task, calls) => evaluator.scoreTask(task, calls, null).correct);
  const templates = tasksByTemplate(dataset.tasks);
  const perTemplate = Math.max(...templates.map((tasks) => tasks.length));
  const population = simulatePopulation({ configurations: options.configurations, seed: options.seed, templates: templates.length, tasksPerTemplate: perTemplate });
  const tasks = templates.flatMap((group) => Array.from({ length: perTemplate }, (_, k) => group[k] ?? null));
  const models = population.configurations.map((_, j) => modelOf(options.seed, j));
  for (const [j, row] of population.rows.entries()) {
    const present = tasks.flatMap((task, i) => (task ? [{ task, right: row[i] === 1 }] : []));
    await writeRecordedRun(options.outDir, models[j] as string, present, answers);
  }
  const runs = await importRecordedResults(db, { resultsPath: options.outDir, groundTruth: "v1" });
  await db.run.updateMany({ where: { id: { in: runs.map((run) => run.runId) } }, data: { testRun: true } });
  return { population, tasks, models, runs };
}

/**
 * One recorded run's files in the paper's layout (`<dir>/<domain>/<model>_all_<timestamp>.csv`): each task
 * answered right or wrong (`answers`, checked by the scorer), the way import-results reads recorded runs.
 */
export async function writeRecordedRun(
  dir: string,
  model: string,
  verdicts: readonly { readonly task: SimulatedTask; readonly right: boolean }[],
  answers: ReadonlyMap<string, Answers>,
): Promise<void> {
  const byDomain = new Map<string, string[][]>();
  for (const { task, right } of verdicts) {
    const answer = answers.get(task.key) as Answers;
    const calls = right ? answer.right : answer.wrong;
    const response = formatPythonLiteral({ kind: "dict", entries: [["input", task.text], ["output", ""], ["intermediate_steps", []]] });
    byDomain.set(task.domain, [...(byDomain.get(task.domain) ?? []), [task.text, formatPythonLiteral([...calls]), response, ""]]);
  }
  for (const [domain, rows] of byDomain) {
    await mkdir(path.join(dir, domain), { recursive: true });
    const file = path.join(dir, domain, `${model}_all_2024-01-01_00-00-00.csv`);
    await writeFile(file, stringify([["query", "function_calls", "full_response", "error"], ...rows], { quoted: true }));
  }
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
