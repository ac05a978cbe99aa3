// Scores recorded agent results (the paper's CSVs) against a ground-truth version. Rows are joined to
// tasks on the exact v1 query text within their domain, as the original merges them; for v2026 the
// task at the same domain + position is used (v2026 rewrote some task texts).
import { DatasetError } from "../datasets/errors";
import type { Dataset, Task } from "../datasets/types";
import type { Evaluator } from "./evaluator";
import type { RecordedRow, TaskVerdict } from "./types";

export interface RecordedVerdict {
  readonly result: RecordedRow;
  /** The task of the scored ground-truth version. */
  readonly task: Task;
  readonly verdict: TaskVerdict;
}

/** Maps every result row to its task; throws (naming file and line) for a query no task has. */
export function matchResultsToTasks(results: readonly RecordedRow[], v1Tasks: readonly Task[], target: Dataset): Task[] {
  const byText = new Map(v1Tasks.map((task) => [`${task.domain}\u0000${task.text}`, task.key]));
  const targetByKey = new Map(target.tasks.map((task) => [task.key, task]));
  return results.map((result) => {
    const key = byText.get(`${result.domain}\u0000${result.query}`);
    const task = key === undefined ? undefined : targetByKey.get(key);
    if (!task) throw new DatasetError("bad_value", result.file, result.line, `query matches no ${result.domain} task: ${JSON.stringify(result.query.slice(0, 80))}`);
    return task;
  });
}

export function scoreRecordedResults(
  results: readonly RecordedRow[],
  tasks: readonly Task[],
  evaluator: Evaluator,
  onProgress?: (done: number) => void,
): RecordedVerdict[] {
  return results.map((result, index) => {
    const task = tasks[index] as Task;
    const verdict = evaluator.scoreTask(task, result.calls, result.error === "" ? null : result.error);
    onProgress?.(index + 1);
    return { result, task, verdict };
  });
}
