// The built-in `mock` endpoint: the scripted model answered inside the process. The agents reach the
// ground truth through it as they do over HTTP, and no request touches the network (global fetch is
// watched). Needs the official data (../shared/workbench or WORKBENCH_DATA_DIR): fails, never skips.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { generateText } from "ai";
import { loadDataset } from "../workbench/datasets";
import type { Dataset, Task } from "../workbench/datasets/types";
import { createProtocolEvaluator } from "../workbench/protocols";
import { testDataDir } from "../workbench/test-support/data-dir";
import { IN_PROCESS_MOCK_URL } from "../providers/endpoints";
import { createModelForEndpoint } from "../providers/models";
import { createInProcessMock } from "./in-process";
import { runAgent, sampleTasks } from "../test-support/mock-provider-harness";

let dataset: Dataset;
let tasks: Task[];

beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v1");
  tasks = sampleTasks(dataset, 1);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(["react", "tools"] as const)("%s agent on the in-process mock", (kind) => {
  test("the oracle reaches the ground-truth state on a task of every domain, without any network request", async () => {
    const network = vi.spyOn(globalThis, "fetch");
    const evaluator = createProtocolEvaluator({ dataset, protocol: "2024" });
    expect(new Set(tasks.map((task) => task.domain)).size).toBeGreaterThanOrEqual(5);
    for (const task of tasks) {
      const { outcome } = await runAgent(kind, dataset, task, { baseUrl: IN_PROCESS_MOCK_URL, model: "oracle", mockDataset: dataset });
      expect(outcome.error, task.key).toBeNull();
      expect(outcome.calls, task.key).toEqual(task.groundTruth);
      expect(evaluator.scoreTask(task, outcome.calls, outcome.error).correct, task.key).toBe(true);
    }
    expect(network).not.toHaveBeenCalled();
  });

  test("the model name picks the behaviour, as on the server", async () => {
    const task = tasks.find((candidate) => candidate.groundTruth.length > 0) as Task;
    const noop = await runAgent(kind, dataset, task, { baseUrl: IN_PROCESS_MOCK_URL, model: "noop", mockDataset: dataset });
    expect(noop.outcome).toMatchObject({ calls: [], error: null });
    const tooLong = await runAgent(kind, dataset, task, { baseUrl: IN_PROCESS_MOCK_URL, model: "context-window", mockDataset: dataset });
    expect(tooLong.outcome).toMatchObject({ errorKind: "context_window", calls: [] });
  });
});

describe("the built-in mock endpoint", () => {
  test("with no base URL it is answered in-process, keyless, whatever keys the server holds", async () => {
    const seen: Request[] = [];
    const network = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      seen.push(new Request(input, init));
      return new Response("unexpected", { status: 500 });
    });
    const env = { OPENAI_API_KEY: "sk-canary-in-process-0123456789", WORKBENCH_ENDPOINTS_FILE: "/nonexistent/endpoints.json" };
    const model = createModelForEndpoint({ endpoint: "mock", model: "noop" }, env);
    const { text } = await generateText({ model, prompt: "Hello", maxRetries: 0 });
    expect(text).toBe("Thought: I know what to respond\nAction:\n```json\n{\n  \"action\": \"Final Answer\",\n  \"action_input\": \"I have completed the request.\"\n}\n```");
    expect(network).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  test("a request the client aborts ends at once, however long the scripted latency", async () => {
    const bodies: Readonly<Record<string, unknown>>[] = [];
    const mock = createInProcessMock({ latencyMs: 60_000, onRequest: (body) => bodies.push(body) });
    const controller = new AbortController();
    const pending = mock.fetch(`${IN_PROCESS_MOCK_URL}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ model: "oracle", messages: [{ role: "user", content: "hi" }] }),
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(mock.stats.inFlight).toBe(1));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await vi.waitFor(() => expect(mock.stats.inFlight).toBe(0));
    expect(bodies).toHaveLength(1);
  });
});
