// Difficulty measures of a generated dataset that anyone can recompute from its task files: calls per
// task (the answer column), the sandbox's rows (the five tables' files), the share of tasks needing several calls, of multi-domain tasks (the
// domains column), of tasks a do-nothing agent gets right, and the hard preset's targets against them.
// "Dependent requests" comes from the generator's record; the checker's tests confirm each one (solved
// apart from the requests before it, its answer differs).
import type { GeneratedTask } from "./tasks";
import type { World } from "./world/types";
import { FOLLOW_UPS } from "./templates/follow-up";

const isFollowUp = (id: string) => FOLLOW_UPS.some((followUp) => followUp.id === id);

export interface DifficultyStats {
  readonly tasks: number;
  /** Rows of the sandbox's five tables (calendar, email, analytics, CRM, project tasks): what an agent pages through. */
  readonly rows: number;
  /** Mean ground-truth (side-effect) calls per task. */
  readonly meanCalls: number;
  readonly share2Plus: number;
  readonly share3Plus: number;
  /** Tasks whose `domains` column names two toolkits or more. */
  readonly multiDomain: number;
  readonly conditional: number;
  /** Tasks that need no change to the sandbox, questions included (what the state-only scorers credit a no-op with). */
  readonly noChange: number;
  /** Questions: an answer is needed, though the sandbox must not change. */
  readonly questions: number;
  /** What doing nothing scores when a question counts as needing an answer. */
  readonly noopScore: number;
  /** Mean read-only calls in the generator's trail (searches and lookups an agent needs). */
  readonly meanReads: number;
  /** Tasks whose last request's answer depends on what the earlier requests did (a follow-up). */
  readonly dependent: number;
}

/** A task that asks something (its template changes nothing and no request was appended). */
export const isQuestion = (task: GeneratedTask) => task.template.writes.length === 0 && task.appended.length === 0;

/** What the measures are taken from: a generated dataset's tasks and workplace. */
export interface StatsSource {
  readonly tasks: readonly GeneratedTask[];
  readonly world: World;
}

export function difficultyStats({ tasks, world }: StatsSource): DifficultyStats {
  const share = (test: (task: GeneratedTask) => boolean) => tasks.filter(test).length / Math.max(1, tasks.length);
  return {
    tasks: tasks.length,
    rows: world.calendar.length + world.email.length + world.analytics.length + world.crm.length + world.projectTasks.length,
    meanCalls: tasks.reduce((sum, task) => sum + task.calls.length, 0) / Math.max(1, tasks.length),
    share2Plus: share((task) => task.calls.length >= 2),
    share3Plus: share((task) => task.calls.length >= 3),
    multiDomain: share((task) => task.toolkits.length >= 2),
    conditional: share((task) => task.template.conditional === true),
    noChange: share((task) => task.calls.length === 0),
    questions: share(isQuestion),
    noopScore: share((task) => task.calls.length === 0 && !isQuestion(task)),
    meanReads: tasks.reduce((sum, task) => sum + task.trail.length, 0) / Math.max(1, tasks.length),
    dependent: share((task) => task.appended.some(isFollowUp)),
  };
}

export interface Target {
  readonly name: string;
  readonly met: boolean;
  readonly detail: string;
}

/** The hard preset's targets (issue 20), measured against the default preset at the same seed and scale. */
export function hardTargets(hard: DifficultyStats, base: DifficultyStats): Target[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  return [
    { name: "mean calls per task ≥ 2× default", met: hard.meanCalls >= 2 * base.meanCalls, detail: `${hard.meanCalls.toFixed(2)} vs ${base.meanCalls.toFixed(2)}` },
    { name: "tasks with 3+ calls ≥ 40 %", met: hard.share3Plus >= 0.4, detail: pct(hard.share3Plus) },
    { name: "multi-domain tasks ≥ 50 %", met: hard.multiDomain >= 0.5, detail: pct(hard.multiDomain) },
    { name: "doing nothing scores ≤ 5 % (questions need an answer)", met: hard.noopScore <= 0.05, detail: pct(hard.noopScore) },
    { name: "larger tables than default", met: hard.rows > base.rows, detail: `${hard.rows} vs ${base.rows} rows (${(hard.rows / base.rows).toFixed(2)}×)` },
  ];
}

export function formatStats(rows: readonly [string, DifficultyStats][]): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const header = "| dataset | tasks | sandbox rows | calls per task | 2+ calls | 3+ calls | multi-domain | conditional | no change | questions | noop score | reads per task | dependent requests |";
  const lines = rows.map(([name, s]) => `| ${name} | ${s.tasks} | ${s.rows} | ${s.meanCalls.toFixed(2)} | ${pct(s.share2Plus)} | ${pct(s.share3Plus)} | ${pct(s.multiDomain)} | ${pct(s.conditional)} | ${pct(s.noChange)} | ${pct(s.questions)} | ${pct(s.noopScore)} | ${s.meanReads.toFixed(1)} | ${pct(s.dependent)} |`);
  return [header, `|${"---|".repeat(13)}`, ...lines].join("\n");
}
