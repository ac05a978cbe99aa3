import { expect, test } from "vitest";
import { formatRunSummary, type RunSummary } from "./summary";

const summary = (overrides: Partial<RunSummary>): RunSummary => ({
  id: "r1", name: "run", status: "completed", tasksTotal: 10, tasksDone: 10, accuracy: 0.5, sideEffectRate: 0.1,
  exactMatchCount: 4, errorCount: 0, inputTokens: 1000, outputTokens: 200, costUsd: 0.0123, retries: 0,
  usageRecorded: true, error: null, durationMs: 1500, domains: [], consistency: null, ...overrides,
});

test("recorded results without usage print unknown tokens and cost, not 0 and $0", () => {
  expect(formatRunSummary(summary({}))).toContain("tokens       1000 in / 200 out   cost $0.0123");
  const text = formatRunSummary(summary({ usageRecorded: false, inputTokens: 0, outputTokens: 0, costUsd: 0 }));
  expect(text).toContain("tokens       unknown (not recorded)   cost unknown");
  expect(text).not.toContain("$0.0000");
});

test("a failed run says why on its first line", () => {
  const text = formatRunSummary(summary({ status: "failed", error: "Run failed: every task failed at the provider (10/10)" }));
  expect(text.split("\n")[0]).toBe("Run r1  run  [failed]  Run failed: every task failed at the provider (10/10)");
});
