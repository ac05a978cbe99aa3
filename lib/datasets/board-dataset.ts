// Which dataset a board (the leaderboard, the run ranking) opens on when the URL names none: the
// official one if it has runs, else the first dataset that has some (the offline first start's
// generated workplace), else the official one if it exists, else the first there is.
import { OFFICIAL_DATASET_SLUG } from "./official-slug";

export interface BoardDataset {
  readonly slug: string;
  readonly name: string;
  readonly kind: string;
  /** Where its files were imported from (the official folder, for the import hint). */
  readonly source: string;
  /** Runs the boards count (lib/runs/counted-runs.ts: no test or archived run) that have scored at least one task. */
  readonly runs: number;
  /** Test runs that would count but for being tests, with a scored task: shown when the test filter asks. */
  readonly testRuns: number;
}

/** A board on this dataset has nothing to show: no counted run, nor a test run when test runs are asked for. */
export function boardHasNoRuns(dataset: Pick<BoardDataset, "runs" | "testRuns">, includeTests: boolean): boolean {
  return dataset.runs === 0 && (!includeTests || dataset.testRuns === 0);
}

/** The official dataset first, then generated workplaces by slug. */
export function orderBoardDatasets<T extends Pick<BoardDataset, "slug" | "kind">>(datasets: readonly T[]): T[] {
  const rank = (dataset: T) => (dataset.slug === OFFICIAL_DATASET_SLUG ? 0 : dataset.kind === "official" ? 1 : 2);
  return [...datasets].sort((a, b) => rank(a) - rank(b) || a.slug.localeCompare(b.slug));
}

/** The slug a board shows by default (undefined when no dataset exists: the board is empty anyway). */
export function defaultBoardDataset(datasets: readonly Pick<BoardDataset, "slug" | "kind" | "runs">[]): string | undefined {
  const ordered = orderBoardDatasets(datasets);
  return (ordered.find((dataset) => dataset.runs > 0) ?? ordered[0])?.slug;
}
