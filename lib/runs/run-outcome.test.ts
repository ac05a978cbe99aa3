import { describe, expect, test } from "vitest";
import { displayStatus, isProviderFailure, judgeRunOutcome } from "./run-outcome";

describe("judgeRunOutcome", () => {
  test.each([
    // done, provider failures, kind, scored
    [10, 0, "clean", 10],
    [10, 1, "completed_with_errors", 9],
    [10, 2, "completed_with_errors", 8], // 20 %: at the allowed share, not above it
    [10, 3, "failed", 7],
    [5, 5, "failed", 0],
    [0, 0, "clean", 0],
  ] as const)("%i done, %i failed at the provider ⇒ %s over %i scored", (done, providerFailures, kind, scored) => {
    const judged = judgeRunOutcome({ done, providerFailures });
    expect(judged.kind).toBe(kind);
    expect(judged.scored).toBe(scored);
    expect(judged.providerShare).toBeCloseTo(done ? providerFailures / done : 0);
  });

  test("the reason names the share, or that every task failed", () => {
    expect(judgeRunOutcome({ done: 5, providerFailures: 5 }).reason).toBe("every task failed at the provider (5/5)");
    expect(judgeRunOutcome({ done: 10, providerFailures: 3 }).reason).toBe("3/10 tasks (30.0 %) failed at the provider, more than the allowed 20 %");
    expect(judgeRunOutcome({ done: 10, providerFailures: 3 }, 0.5).kind).toBe("completed_with_errors");
  });

  test("only provider errors count: the context window and timeouts are the agent's", () => {
    expect(["provider", "context_window", "timeout", "format", null].map(isProviderFailure)).toEqual([true, false, false, false, false]);
  });
});

describe("displayStatus", () => {
  const run = (status: string, done: number, providerFailures: number, source = "launched") => displayStatus({ status, source, done, providerFailures });

  test("a completed run whose every task failed at the provider reads failed, in red", () => {
    expect(run("completed", 5, 5)).toMatchObject({ status: "failed", label: "failed", tone: "bad", detail: "5/5 tasks (100.0 %) failed at the provider" });
  });

  test("a completed run with some provider failures reads completed with errors and the share, in red", () => {
    expect(run("completed", 20, 1)).toMatchObject({ status: "completed_with_errors", label: "completed with errors · 5.0 % failed", tone: "bad" });
  });

  test("a clean run, a stored failure and other statuses read as stored", () => {
    expect(run("completed", 20, 0)).toMatchObject({ status: "completed", label: "completed", tone: "good", detail: null });
    expect(run("failed", 5, 5)).toMatchObject({ status: "failed", tone: "bad" });
    expect(run("budget_exceeded", 3, 0)).toMatchObject({ label: "budget exceeded", tone: "bad" });
    expect(run("running", 3, 1)).toMatchObject({ status: "running", tone: "accent" });
  });

  test("recorded runs show as recorded: their errors were scored by the original evaluator", () => {
    expect(run("completed", 100, 40, "imported")).toMatchObject({ status: "completed", tone: "good", detail: null });
  });
});
