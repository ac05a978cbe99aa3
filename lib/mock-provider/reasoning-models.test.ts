// OpenAI's reasoning models through the real OpenAI SDK client against the strict fake, which refuses
// what the real API refuses (stop, temperature, max_tokens for gpt-5 and the o-series). Needs the
// official data (../shared/workbench or WORKBENCH_DATA_DIR): fails, never skips, without it.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "../workbench/datasets";
import { testDataDir } from "../workbench/test-support/data-dir";
import type { Dataset, Task } from "../workbench/datasets/types";
import type { Evaluator } from "../workbench/evaluate";
import { createProtocolEvaluator } from "../workbench/protocols";
import { resolveRequestParams } from "../workbench/agents/request-params";
import { startMockProvider, type MockProvider } from "./index";
import { runAgent, sampleTasks } from "../test-support/mock-provider-harness";
import { isStrictReasoningModel } from "./strict-openai";

const API_KEY = "sk-strict-fake-0123456789";
const keyed = { kind: "openai" as const, apiKey: API_KEY };

let dataset: Dataset;
let evaluator: Evaluator;
let tasks: Task[];
const started: MockProvider[] = [];

beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v1");
  evaluator = createProtocolEvaluator({ dataset, protocol: "2024" });
  tasks = sampleTasks(dataset, 1);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close()));
});

async function strictMock(): Promise<{ mock: MockProvider; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = [];
  const mock = await startMockProvider({ dataset, behaviour: "oracle", strict: true, apiKey: API_KEY, onRequest: (body) => void bodies.push({ ...body }) });
  started.push(mock);
  return { mock, bodies };
}

describe("the strict fake refuses what OpenAI refuses", () => {
  test.each([
    ["gpt-5-mini", { stop: ["Observation:"] }, "stop", "unsupported_parameter"],
    ["o4-mini", { temperature: 0 }, "temperature", "unsupported_value"],
    ["o4-mini", { max_tokens: 100 }, "max_tokens", "unsupported_parameter"],
    ["gpt-5-mini", { reasoning_effort: "none" }, "reasoning_effort", "unsupported_value"],
    ["gpt-4o", { reasoning_effort: "low" }, "reasoning_effort", "unsupported_parameter"],
  ])("%s with %j: 400 on %s", async (model, extra, param, code) => {
    const { mock } = await strictMock();
    const response = await fetch(`${mock.url}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model, messages: [{ role: "user", content: "hi" }], ...extra }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param, code, type: "invalid_request_error" } });
    expect(mock.stats.rejected).toBe(1);
  });

  test("a request without the key gets 401", async () => {
    const { mock } = await strictMock();
    const response = await fetch(`${mock.url}/chat/completions`, { method: "POST", body: JSON.stringify({ model: "gpt-4o", messages: [] }) });
    expect(response.status).toBe(401);
  });
});

describe.each(["gpt-5-mini", "o4-mini"])("%s (a reasoning model) through the OpenAI client", (model) => {
  test.each(["react", "tools"] as const)("the %s agent completes its tasks with 0 rejected requests", async (kind) => {
    expect(isStrictReasoningModel(model)).toBe(true); // the fake treats it as a reasoning model: the 0 below means something
    const { mock, bodies } = await strictMock();
    expect(tasks.length).toBeGreaterThanOrEqual(7);
    for (const task of tasks) {
      const { outcome } = await runAgent(kind, dataset, task, { baseUrl: mock.url, model, keyed });
      expect(outcome.error, task.key).toBeNull();
      expect(evaluator.scoreTask(task, outcome.calls, outcome.error).correct, task.key).toBe(true);
    }
    expect(mock.stats.rejected).toBe(0);
    expect(mock.stats.completions).toBe(bodies.length);
    expect(bodies.every((body) => body.stop === undefined && body.temperature === undefined)).toBe(true);
  });

  test("through an OpenAI-compatible client (a gateway) the table, not the SDK, leaves out stop and temperature", async () => {
    const bodies: Record<string, unknown>[] = [];
    const mock = await startMockProvider({ dataset, behaviour: "oracle", strict: true, onRequest: (body) => void bodies.push({ ...body }) });
    started.push(mock);
    for (const kind of ["react", "tools"] as const) {
      const { outcome } = await runAgent(kind, dataset, tasks[0]!, { baseUrl: mock.url, model });
      expect(evaluator.scoreTask(tasks[0]!, outcome.calls, outcome.error).correct).toBe(true);
    }
    expect(mock.stats.rejected).toBe(0);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.every((body) => body.stop === undefined && body.temperature === undefined)).toBe(true);
  });

  test("react: the reply runs on past its action without a stop sequence, and the agent cuts it at Observation:", async () => {
    const { mock, bodies } = await strictMock();
    const task = dataset.tasks.find((candidate) => candidate.groundTruth.length === 2);
    if (!task) throw new Error("no two-call task");
    const { outcome, steps } = await runAgent("react", dataset, task, { baseUrl: mock.url, model, keyed });
    const first = steps.find((step) => step.kind === "model");
    expect(first?.kind === "model" && first.text).toContain("\nObservation: (invented by the model)");
    // The invented observation never reaches the scratchpad: each later request has only the real ones.
    expect(bodies).toHaveLength(3);
    expect(JSON.stringify(bodies)).not.toContain("invented by the model");
    expect(outcome.calls).toEqual(task.groundTruth);
    expect(mock.stats.rejected).toBe(0);
  });

  test("sending stop anyway (as before the capability table) gets every request refused", async () => {
    const { mock } = await strictMock();
    const requestParams = { ...resolveRequestParams({ model, temperature: 0 }), stopSequences: "server" as const };
    const { outcome } = await runAgent("react", dataset, tasks[0]!, { baseUrl: mock.url, model, keyed, requestParams });
    expect(outcome.errorKind).toBe("provider");
    expect(outcome.error).toMatch(/bad_request.*'stop' is not supported/);
    expect(mock.stats.completions).toBe(0);
    expect(mock.stats.rejected).toBeGreaterThan(0);
  });

  test("a reasoning effort from the run's settings reaches the wire and is accepted", async () => {
    const { mock, bodies } = await strictMock();
    const requestParams = resolveRequestParams({ model, kind: "openai", temperature: 0, reasoningEffort: "low" });
    const { outcome } = await runAgent("tools", dataset, tasks[0]!, { baseUrl: mock.url, model, keyed, requestParams });
    expect(outcome.error).toBeNull();
    expect(bodies.map((body) => body.reasoning_effort)).toEqual(bodies.map(() => "low"));
    expect(mock.stats.rejected).toBe(0);
  });
});

test("gpt-4o (not a reasoning model) still gets the paper's stop sequence and temperature 0", async () => {
  const { mock, bodies } = await strictMock();
  const task = tasks[0]!;
  const { outcome } = await runAgent("react", dataset, task, { baseUrl: mock.url, model: "gpt-4o", keyed });
  expect(evaluator.scoreTask(task, outcome.calls, outcome.error).correct).toBe(true);
  expect(bodies[0]).toMatchObject({ stop: ["Observation:"], temperature: 0 });
  expect(mock.stats.rejected).toBe(0);
});
