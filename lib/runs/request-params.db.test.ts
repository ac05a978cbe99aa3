// A run's request parameters from launch to the wire, against real Postgres and the strict fake OpenAI
// server reached through the `openai` endpoint (OPENAI_BASE_URL + OPENAI_API_KEY): the run records what
// its requests carry, the worker sends exactly that, and a reasoning model completes with 0 refusals.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "../test-support/db";
import { launchRun, LaunchError } from "./launch";
import { startWorker, type WorkerHandle } from "./worker";

const KEY = `sk-strict-${Math.random().toString(36).slice(2)}`;
const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
let context: RunsTestContext;
let mock: MockProvider;
let worker: WorkerHandle;
const bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  context = await setUpRunsTest();
  mock = await startMockProvider({ dataset: context.v1, behaviour: "oracle", strict: true, apiKey: KEY, onRequest: (body) => void bodies.push({ ...body }) });
  process.env.OPENAI_API_KEY = KEY;
  process.env.OPENAI_BASE_URL = mock.url;
  worker = await startWorker({ db: context.db, concurrency: 2, idlePollMs: 100, log: () => undefined });
});

afterAll(async () => {
  await worker?.stop();
  await mock?.close();
  await tearDownRunsTest(context);
  for (const [name, value] of [["OPENAI_API_KEY", saved.key], ["OPENAI_BASE_URL", saved.url]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("request parameters of a run", () => {
  test("gpt-5-mini with the react agent: recorded at launch, sent as recorded, every task done with 0 refusals", async () => {
    bodies.length = 0;
    const { runId, tasksTotal } = await launchRun({ agent: "react", endpoint: "openai", model: "gpt-5-mini", reasoningEffort: "low", limit: 4, sample: "first" }, context);
    const run = await waitForRun(context.db, runId, 120_000);
    expect(run.status).toBe("completed");
    expect(run.params).toMatchObject({
      reasoningEffort: "low",
      request: { family: "openai-gpt-5", temperature: null, stopSequences: "client", reasoningEffort: "low", maxTokensField: "max_completion_tokens" },
    });
    const results = await context.db.taskResult.findMany({ where: { runId }, select: { correct: true, error: true } });
    expect(results).toHaveLength(tasksTotal);
    expect(results.every((result) => result.correct === true && result.error === null)).toBe(true);
    expect(mock.stats.rejected).toBe(0);
    // This run's requests (another file's run left queued could reach this mock too: one shared database).
    const sent = bodies.filter((body) => body.model === "gpt-5-mini");
    expect(sent.length).toBeGreaterThanOrEqual(tasksTotal);
    for (const body of sent) {
      expect(body).toMatchObject({ model: "gpt-5-mini", reasoning_effort: "low" });
      expect(body.stop).toBeUndefined();
      expect(body.temperature).toBeUndefined();
    }
  });

  test("gpt-4o records and sends the paper's stop sequence and temperature", async () => {
    bodies.length = 0;
    const { runId } = await launchRun({ agent: "react", endpoint: "openai", model: "gpt-4o", temperature: 0.2, limit: 1, sample: "first" }, context);
    const run = await waitForRun(context.db, runId, 120_000);
    expect(run.params).toMatchObject({ request: { family: "openai-gpt", temperature: 0.2, stopSequences: "server", reasoningEffort: null } });
    expect(bodies.find((body) => body.model === "gpt-4o")).toMatchObject({ stop: ["Observation:"], temperature: 0.2 });
    expect(mock.stats.rejected).toBe(0);
  });

  test("the tools agent (native tool calls) records that it sends no stop sequence", async () => {
    const { runId } = await launchRun({ agent: "tools", endpoint: "openai", model: "o4-mini", limit: 1, sample: "first" }, context);
    const run = await waitForRun(context.db, runId, 120_000);
    expect(run.status).toBe("completed");
    expect(run.params).toMatchObject({ request: { family: "openai-o-series", temperature: null, stopSequences: "none", reasoningEffort: null } });
    expect(mock.stats.rejected).toBe(0);
  });

  test("a reasoning effort the model does not take is a field error at launch, and nothing is stored", async () => {
    const before = await context.db.run.count();
    const error = await launchRun({ agent: "tools", endpoint: "openai", model: "gpt-4o", reasoningEffort: "high", limit: 1 }, context).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(LaunchError);
    expect(error).toMatchObject({ field: "reasoningEffort", message: expect.stringContaining('"high" is not supported by gpt-4o') });
    expect(await context.db.run.count()).toBe(before);
  });
});
