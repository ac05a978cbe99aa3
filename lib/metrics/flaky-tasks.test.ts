import { describe, expect, test } from "vitest";
import { flakyTasks, type TrialVerdict } from "./flaky-tasks";

const verdict = (key: string, trial: number, correct: boolean): TrialVerdict => ({
  taskId: key, key, domain: key.split("/")[0] ?? "", resultId: `${key}#${trial}`, trial, correct,
});

describe("flakyTasks", () => {
  test("lists only tasks whose verdict differs across trials, most even split first", () => {
    const rows = [
      verdict("email/001", 0, true), verdict("email/001", 1, true), verdict("email/001", 2, true),
      verdict("email/002", 0, false), verdict("email/002", 1, true), verdict("email/002", 2, true),
      verdict("crm/003", 2, false), verdict("crm/003", 0, true), verdict("crm/003", 1, false), verdict("crm/003", 3, true),
      verdict("crm/004", 0, false), verdict("crm/004", 1, false),
    ];
    const flaky = flakyTasks(rows);
    expect(flaky.map((task) => [task.key, task.passed, task.trials])).toEqual([
      ["crm/003", 2, 4],
      ["email/002", 2, 3],
    ]);
    expect(flaky[0]?.passRate).toBe(0.5);
    expect(flaky[0]?.results.map((result) => result.trial)).toEqual([0, 1, 2, 3]);
  });

  test("a single trial is never flaky", () => {
    expect(flakyTasks([verdict("email/001", 0, false)])).toEqual([]);
  });
});
