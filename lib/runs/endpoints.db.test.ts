// Endpoints at launch and in the worker, against real Postgres: a keyed endpoint refuses a foreign
// base URL (nothing stored), a keyed endpoint without its key is refused at launch, and a run whose
// stored endpoint can no longer be used (removed, or a base URL written into a keyed run's row) fails
// with the reason — its model is never called, so no key goes anywhere.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "../test-support/db";
import { launchRun, LaunchError } from "./launch";
import { startWorker, type WorkerHandle } from "./worker";

const CANARY = `sk-canary-${Math.random().toString(36).slice(2)}`;
let context: RunsTestContext;
let listener: Server;
let listenerUrl: string;
const received: string[] = [];
const saved = { openai: process.env.OPENAI_API_KEY, anthropic: process.env.ANTHROPIC_API_KEY };

beforeAll(async () => {
  process.env.OPENAI_API_KEY = CANARY;
  delete process.env.ANTHROPIC_API_KEY;
  context = await setUpRunsTest();
  listener = createServer((request, response) => {
    received.push(JSON.stringify(request.headers));
    response.writeHead(400).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await tearDownRunsTest(context);
  for (const [name, value] of [["OPENAI_API_KEY", saved.openai], ["ANTHROPIC_API_KEY", saved.anthropic]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function launchError(request: Parameters<typeof launchRun>[0]): Promise<unknown> {
  return launchRun(request, context).then(() => null, (error: unknown) => error);
}

describe("at launch", () => {
  test.each(["openai", "anthropic"])("%s with a foreign base URL is a field error and stores nothing", async (endpoint) => {
    const before = await context.db.run.count();
    const error = await launchError({ agent: "tools", endpoint, model: "gpt-4o", baseUrl: listenerUrl, limit: 1 });
    expect(error).toBeInstanceOf(LaunchError);
    expect(error).toMatchObject({ field: "baseUrl" });
    expect(await context.db.run.count()).toBe(before);
  });

  test("a keyed endpoint without its key is refused, naming the variable", async () => {
    expect(await launchError({ agent: "tools", endpoint: "anthropic", model: "claude-haiku-4-5", limit: 1 })).toMatchObject({
      field: "endpoint",
      message: "Endpoint anthropic has no key: set ANTHROPIC_API_KEY on the server",
    });
  });
});

describe("in the worker", () => {
  let worker: WorkerHandle | undefined;
  afterAll(async () => worker?.stop());

  test("a run whose endpoint is gone, or whose keyed row was given a base URL, fails with the reason", async () => {
    // Launched while no worker runs, then its row is changed as an old or tampered row could be.
    const gone = await launchRun({ agent: "tools", endpoint: "mock", model: "oracle", baseUrl: listenerUrl, limit: 2 }, context);
    await context.db.run.update({ where: { id: gone.runId }, data: { endpoint: "removed-endpoint" } });
    const tampered = await launchRun({ agent: "tools", endpoint: "openai", model: "gpt-4o", limit: 2 }, context);
    await context.db.run.update({ where: { id: tampered.runId }, data: { baseUrl: listenerUrl } });

    worker = await startWorker({ db: context.db, concurrency: 2, idlePollMs: 100, log: () => undefined });
    expect(await waitForRun(context.db, gone.runId, 60_000)).toMatchObject({
      status: "failed",
      error: expect.stringContaining('Unknown endpoint "removed-endpoint"'),
    });
    expect(await waitForRun(context.db, tampered.runId, 60_000)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("only to its configured URL"),
    });
    expect(received).toEqual([]);
  });
});
