// Verdicts of several runs side by side (app/runs/compare/many): one row per task (or per template
// family), one column per run, sorted by how much the runs disagree, and each run's flips against a
// chosen baseline. Pure: lib/queries/compare-many.ts reads the verdicts.

/** One scored verdict of a run on a task (trial 0). */
export interface RunVerdict {
  readonly runId: string;
  readonly key: string;
  readonly domain: string;
  readonly template: string;
  readonly resultId: string;
  readonly correct: boolean;
}

export interface MatrixCell {
  readonly resultId: string;
  readonly correct: boolean;
}

export interface TaskRow {
  readonly key: string;
  readonly domain: string;
  readonly template: string;
  /** One cell per run, in the runs' order; null where the run has no verdict on the task. */
  readonly cells: readonly (MatrixCell | null)[];
  /** Runs in the minority: min(correct, wrong) over the runs that scored the task. */
  readonly disagreement: number;
}

export interface TemplateRow {
  readonly template: string;
  readonly domain: string;
  /** Per run: correct and scored tasks of the family; null where the run scored none. */
  readonly cells: readonly ({ readonly correct: number; readonly n: number } | null)[];
  /** Spread of the runs' accuracies on the family, highest minus lowest (0 to 1). */
  readonly disagreement: number;
}

export interface Flips {
  readonly runId: string;
  /** Wrong in the baseline, correct in this run. */
  readonly gained: number;
  /** Correct in the baseline, wrong in this run. */
  readonly lost: number;
  /** Tasks both scored. */
  readonly shared: number;
}

export type MatrixSort = "disagreement" | "key";

function byDisagreement<T extends { disagreement: number }>(rows: T[], name: (row: T) => string, sort: MatrixSort): T[] {
  return rows.sort((a, b) => (sort === "disagreement" ? b.disagreement - a.disagreement : 0) || name(a).localeCompare(name(b)));
}

export function taskRows(runIds: readonly string[], verdicts: readonly RunVerdict[], sort: MatrixSort = "disagreement"): TaskRow[] {
  const column = new Map(runIds.map((id, index) => [id, index]));
  const rows = new Map<string, { key: string; domain: string; template: string; cells: (MatrixCell | null)[] }>();
  for (const verdict of verdicts) {
    const index = column.get(verdict.runId);
    if (index === undefined) continue;
    const row = rows.get(verdict.key) ?? { key: verdict.key, domain: verdict.domain, template: verdict.template, cells: runIds.map(() => null) };
    row.cells[index] = { resultId: verdict.resultId, correct: verdict.correct };
    rows.set(verdict.key, row);
  }
  const withDisagreement = [...rows.values()].map((row) => {
    const scored = row.cells.filter((cell): cell is MatrixCell => cell !== null);
    const correct = scored.filter((cell) => cell.correct).length;
    return { ...row, disagreement: Math.min(correct, scored.length - correct) };
  });
  return byDisagreement(withDisagreement, (row) => row.key, sort);
}

export function templateRows(runIds: readonly string[], rows: readonly TaskRow[], sort: MatrixSort = "disagreement"): TemplateRow[] {
  const families = new Map<string, { template: string; domain: string; cells: ({ correct: number; n: number } | null)[] }>();
  for (const row of rows) {
    const family = families.get(row.template) ?? { template: row.template, domain: row.domain, cells: runIds.map(() => null) };
    row.cells.forEach((cell, index) => {
      if (!cell) return;
      const sum = family.cells[index] ?? { correct: 0, n: 0 };
      family.cells[index] = { correct: sum.correct + (cell.correct ? 1 : 0), n: sum.n + 1 };
    });
    families.set(row.template, family);
  }
  const withSpread = [...families.values()].map((family) => {
    const rates = family.cells.filter((cell): cell is { correct: number; n: number } => cell !== null).map((cell) => cell.correct / cell.n);
    return { ...family, disagreement: rates.length ? Math.max(...rates) - Math.min(...rates) : 0 };
  });
  return byDisagreement(withSpread, (row) => row.template, sort);
}

/** Each other run's flips against the baseline (the column at `baseline`), on the tasks both scored. */
export function flipsAgainst(runIds: readonly string[], rows: readonly TaskRow[], baseline: number): Flips[] {
  return runIds.flatMap((runId, index) => {
    if (index === baseline) return [];
    let gained = 0;
    let lost = 0;
    let shared = 0;
    for (const row of rows) {
      const base = row.cells[baseline];
      const other = row.cells[index];
      if (!base || !other) continue;
      shared += 1;
      if (!base.correct && other.correct) gained += 1;
      if (base.correct && !other.correct) lost += 1;
    }
    return [{ runId, gained, lost, shared }];
  });
}
