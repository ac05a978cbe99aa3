import { describe, expect, test } from "vitest";
import { firstErrorLines, progressLine, runOutcome, type RunProgress } from "./cli-report";

const progress = (overrides: Partial<RunProgress>): RunProgress => ({ status: "completed", done: 10, total: 10, correct: 5, errors: [], ...overrides });

describe("progressLine", () => {
  test("done/total, accuracy so far and errors by kind", () => {
    const line = progressLine(progress({ status: "running", done: 4, total: 60, correct: 3, errors: [{ kind: "provider", count: 1, firstMessage: "x" }, { kind: "timeout", count: 2, firstMessage: "y" }] }));
    expect(line).toBe("progress 4/60 · running · accuracy 75.0 % · errors: provider 1, timeout 2");
    expect(progressLine(progress({ done: 0, correct: 0 }))).toContain("accuracy - · errors: none");
  });
});

describe("runOutcome", () => {
  test("a completed run with few errors exits 0", () => {
    expect(runOutcome(progress({ errors: [{ kind: "provider", count: 2, firstMessage: "m" }] }))).toEqual({ exitCode: 0, reason: null });
  });

  test("every task failed ⇒ non-zero, whatever the kind", () => {
    const outcome = runOutcome(progress({ correct: 0, errors: [{ kind: "timeout", count: 10, firstMessage: "m" }] }), 1);
    expect(outcome).toEqual({ exitCode: 1, reason: "every task failed (10/10)" });
  });

  test("more than the allowed share at the provider ⇒ non-zero; the share is configurable", () => {
    const errors = [{ kind: "provider", count: 3, firstMessage: "Provider error (auth): bad key" }];
    expect(runOutcome(progress({ errors })).exitCode).toBe(1);
    expect(runOutcome(progress({ errors })).reason).toContain("3/10 tasks (30.0 %) failed at the provider, more than the allowed 20 %");
    expect(runOutcome(progress({ errors }), 0.5).exitCode).toBe(0);
  });

  test("the worker's rule: a run the worker closed as failed at the provider says why", () => {
    const errors = [{ kind: "provider", count: 10, firstMessage: "Provider error (network): Cannot connect to provider" }];
    expect(runOutcome(progress({ status: "failed", correct: 0, errors }))).toEqual({ exitCode: 1, reason: "every task failed at the provider (10/10)" });
  });

  test("context-window overflows are the agent's errors, not the provider's", () => {
    expect(runOutcome(progress({ errors: [{ kind: "context_window", count: 5, firstMessage: "Context window exceeded" }] }))).toEqual({ exitCode: 0, reason: null });
  });

  test("a run that did not complete is non-zero", () => {
    expect(runOutcome(progress({ status: "budget_exceeded" })).exitCode).toBe(1);
  });
});

test("firstErrorLines prints one line per kind", () => {
  expect(firstErrorLines([{ kind: "provider", count: 1, firstMessage: "Provider error (auth): bad key" }])).toEqual([
    "  first provider error (1 task): Provider error (auth): bad key",
  ]);
});
