// Failure paths through the real HTTP client: format errors, wrong arguments, injected faults
// (retried and counted), timeouts and cancels. Needs the official data; fails without it.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "../workbench/datasets";
import type { Dataset, Task } from "../workbench/datasets/types";
import { type Evaluator } from "../workbench/evaluate";
import { startMockProvider, type MockProvider, type MockProviderOptions } from "./index";
import { runAgent } from "../test-support/mock-provider-harness";
import { createProtocolEvaluator } from "../workbench/protocols";
import { testDataDir } from "../workbench/test-support/data-dir";

let dataset: Dataset;
let evaluator: Evaluator;
let task: Task;
const started: MockProvider[] = [];

beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v1");
  evaluator = createProtocolEvaluator({ dataset: dataset, protocol: "2024" });
  const found = dataset.tasks.find((candidate) => candidate.groundTruth[0]?.startsWith("email.delete_email"));
  if (!found) throw new Error("no email.delete_email task");
  task = found;
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close()));
});

async function mockWith(options: MockProviderOptions): Promise<MockProvider> {
  const mock = await startMockProvider({ dataset, ...options });
  started.push(mock);
  return mock;
}

test("react: a reply without an Action blob performs no action and records a format step", async () => {
  const mock = await mockWith({ behaviour: "format-errors" });
  const { outcome, steps } = await runAgent("react", dataset, task, { baseUrl: mock.url });
  expect(outcome).toMatchObject({ calls: [], error: null, errorKind: null });
  expect(steps.map((step) => step.kind)).toEqual(["model", "error"]);
  expect(steps[1]).toMatchObject({ kind: "error", errorKind: "format" });
  expect(evaluator.scoreTask(task, outcome.calls, outcome.error).correct).toBe(false);
});

test("tools: malformed tool-call JSON is shown to the model as an error and the run continues", async () => {
  const mock = await mockWith({ behaviour: "format-errors" });
  const { outcome, steps } = await runAgent("tools", dataset, task, { baseUrl: mock.url });
  const tools = steps.filter((step) => step.kind === "tool");
  expect(tools[0]).toMatchObject({ ok: false, diff: [] });
  expect(tools[0]?.kind === "tool" && tools[0].observation).toMatch(/^Error: Malformed JSON arguments for email\.delete_email/);
  expect(outcome.calls).toEqual(task.groundTruth);
  expect(evaluator.scoreTask(task, outcome.calls, outcome.error).correct).toBe(true);
});

test.each([
  ["react", ["email.delete_email.func()", 'email.delete_email.func(email_id="12345")'], "Email not found."],
  // The rejected call (a number where a string is expected) is still a predicted call, as in v1's harness.
  ["tools", ["email.delete_email.func()", 'email.delete_email.func(email_id="12345")'], /^Error: Invalid arguments for email\.delete_email/],
] as const)("%s: wrong arguments reach the tool (or fail its schema) and are recorded", async (kind, calls, secondObservation) => {
  const mock = await mockWith({ behaviour: "wrong-args" });
  const { outcome, steps } = await runAgent(kind, dataset, task, { baseUrl: mock.url });
  const tools = steps.filter((step) => step.kind === "tool");
  expect(outcome.calls).toEqual(calls);
  expect(tools[0]).toMatchObject({ observation: "Email ID not provided.", ok: true });
  expect(tools[1]?.kind === "tool" && tools[1].observation).toMatch(secondObservation);
  expect(outcome.error).toBeNull();
});

describe.each(["react", "tools"] as const)("%s agent with provider faults", (kind) => {
  test("429, 500 and a hang are retried, counted in the model step and the outcome", async () => {
    const mock = await mockWith({ behaviour: "oracle", faultScript: ["429", "500", "timeout"], hangMs: 30_000 });
    const retry = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 20, requestTimeoutMs: 300 };
    const { outcome, steps } = await runAgent(kind, dataset, task, { baseUrl: mock.url, retry });
    expect(mock.stats.faults).toEqual({ "429": 1, "500": 1, timeout: 1 });
    expect(steps[0]).toMatchObject({ kind: "model", retries: 3 });
    expect(outcome.retries).toBe(3);
    expect(evaluator.scoreTask(task, outcome.calls, outcome.error).correct).toBe(true);
  });

  test("a provider that keeps failing ends the task with a provider error, retries still counted", async () => {
    const mock = await mockWith({ behaviour: "oracle", faultRate: 1, faultKinds: ["500"] });
    const retry = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 10, requestTimeoutMs: 2_000 };
    const { outcome } = await runAgent(kind, dataset, task, { baseUrl: mock.url, retry });
    expect(outcome).toMatchObject({ errorKind: "provider", retries: 2, calls: [] });
    expect(outcome.error).toMatch(/^Provider error \(server\)/);
    expect(mock.stats.requests).toBe(3);
  });

  test("the task time limit (deps.signal) stops a slow model with the v1 message", async () => {
    const mock = await mockWith({ behaviour: "oracle", latencyMs: 2_000 });
    const { outcome } = await runAgent(kind, dataset, task, { baseUrl: mock.url, signal: AbortSignal.timeout(150) });
    expect(outcome).toMatchObject({ errorKind: "timeout", error: "Agent stopped due to iteration limit or time limit." });
  });

  test("a cancel is reported as cancelled, not as a timeout", async () => {
    const mock = await mockWith({ behaviour: "oracle", latencyMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user cancelled")), 100);
    const { outcome } = await runAgent(kind, dataset, task, { baseUrl: mock.url, signal: controller.signal });
    expect(outcome.errorKind).toBe("cancelled");
  });
});
