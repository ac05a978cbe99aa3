// No secret in a URL anywhere (issue 37 item 1). A base URL with credentials is refused at launch,
// from the environment as typed, and nothing is stored. Then a provider that quotes a credentialed URL
// in its error and in its answer: the secret is in no stored row (every column of every table, read as
// text), no search hit, no page's data (the run page's and every trace page's reads), no export format (CSV, JSON, Inspect, 2024, 2026), no log line and no OTLP body
// (a receiver here keeps the raw bodies).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { setUpRunsTest, tearDownRunsTest, waitForRun, FAST_RETRY, type RunsTestContext } from "../test-support/db";
import { launchRun, LaunchError } from "../runs/launch";
import { startWorker, type WorkerHandle } from "../runs/worker";
import { loadRunOrThrow, inspectLogJson } from "../interop/export-run";
import { workbench2024Files } from "../interop/workbench-2024";
import { workbench2026Files } from "../interop/workbench-2026";
import { sendRunSpans } from "../interop/otel/export-run-spans";
import { searchTraces } from "../queries/search";
import { searchParamsSchema } from "../queries/search-filters";
import { GET as exportRoute } from "../../app/runs/[id]/export/route";
import { getRun } from "../queries/runs";
import { getResultWithTrace, getRunSummary, listRunResults } from "../queries/results";

const SECRET = `pw${Math.random().toString(36).slice(2, 12)}`;
const CREDENTIALED = `http://user:${SECRET}@gateway.example/v1`;

let context: RunsTestContext;
let provider: http.Server;
let collector: http.Server;
let providerUrl = "";
const otlpBodies: string[] = [];
let requests = 0;

const urlOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listen = (server: http.Server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

/** An OpenAI-compatible provider whose error (every other request) and answer both quote the credentialed URL. */
function quotingProvider(): http.Server {
  return http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      requests += 1;
      if (requests % 2 === 1) {
        response.writeHead(400, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: { message: `upstream ${CREDENTIALED} refused the request`, type: "invalid_request_error" } }));
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({
        id: "c1", object: "chat.completion", created: 0, model: "quoting",
        choices: [{ index: 0, message: { role: "assistant", content: `Done; see ${CREDENTIALED}/status` }, finish_reason: "stop" }],
        usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      }));
    });
  });
}

beforeAll(async () => {
  context = await setUpRunsTest();
  provider = quotingProvider();
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      otlpBodies.push(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await Promise.all([listen(provider), listen(collector)]);
  providerUrl = `${urlOf(provider)}/v1`;
});

afterAll(async () => {
  await Promise.all([provider, collector].map((server) => new Promise((resolve) => server?.close(resolve))));
  await tearDownRunsTest(context);
});

/** Every table of the schema, each row read whole as text, searched for the secret. */
async function tablesHoldingSecret(): Promise<string[]> {
  const tables = await context.db.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  expect(tables.length).toBeGreaterThan(10);
  const holding: string[] = [];
  for (const { name } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const [row] = await context.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${quoted} t WHERE t::text LIKE $1`, `%${SECRET}%`);
    if ((row?.n ?? 0) > 0) holding.push(name);
  }
  return holding;
}

describe("a base URL with credentials is refused at launch", () => {
  test("typed (a keyless endpoint): a field error naming the problem, no run stored", async () => {
    const before = await context.db.run.count();
    const error = await launchRun({ agent: "tools", endpoint: "custom", model: "m", baseUrl: CREDENTIALED, limit: 1 }, context).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LaunchError);
    expect(error).toMatchObject({ field: "baseUrl" });
    expect(String((error as Error).message)).toContain("must not contain a user name or password");
    expect(String((error as Error).message)).not.toContain(SECRET);
    expect(await context.db.run.count()).toBe(before);
  });

  test("configured (OPENAI_BASE_URL): refused with the URL redacted, no run stored", async () => {
    const saved = { url: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    process.env.OPENAI_BASE_URL = CREDENTIALED;
    process.env.OPENAI_API_KEY = "sk-test-credentials-000";
    try {
      const before = await context.db.run.count();
      const error = await launchRun({ agent: "tools", endpoint: "openai", model: "gpt-4o", limit: 1 }, context).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LaunchError);
      expect((error as Error).message).toContain("http://***@gateway.example/v1");
      expect((error as Error).message).not.toContain(SECRET);
      expect(await context.db.run.count()).toBe(before);
    } finally {
      for (const [name, value] of [["OPENAI_BASE_URL", saved.url], ["OPENAI_API_KEY", saved.key]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe("a provider quoting a credentialed URL", () => {
  let worker: WorkerHandle | undefined;
  afterAll(async () => worker?.stop());

  test("leaves the secret in no row, search hit, page, export, log line or OTLP body", async () => {
    const logs: string[] = [];
    const consoleSpies = (["log", "warn", "error", "info"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(" "))),
    );
    try {
      worker = await startWorker({ db: context.db, concurrency: 2, idlePollMs: 100, log: (line: string) => logs.push(line) });
      const { runId } = await launchRun({ agent: "tools", endpoint: "mock", model: "quoting", baseUrl: providerUrl, limit: 4, retry: { ...FAST_RETRY, maxRetries: 0 } }, context);
      const run = await waitForRun(context.db, runId, 120_000);
      expect(["completed", "failed"]).toContain(run.status);
      expect(requests).toBeGreaterThanOrEqual(4);

      // The texts were stored, redacted: the error and the answer name the host, not the password.
      const results = await context.db.taskResult.findMany({ where: { runId }, include: { steps: true } });
      const texts = results.flatMap((result) => [result.error, result.finalAnswer, ...result.steps.map((step) => step.text)]).filter(Boolean).join("\n");
      expect(texts).toContain("http://***@gateway.example/v1");
      expect(await tablesHoldingSecret()).toEqual([]);

      const search = await searchTraces(searchParamsSchema.parse({ q: SECRET }), context.db);
      expect(search).toMatchObject({ status: "searched", total: 0 });
      const hostHits = await searchTraces(searchParamsSchema.parse({ q: "gateway.example" }), context.db);
      if (hostHits.status !== "searched") throw new Error(`the search was refused: ${hostHits.message}`);
      expect(hostHits.total).toBeGreaterThan(0); // the planted texts are there to be found, without the secret
      expect(JSON.stringify(hostHits.hits)).not.toContain(SECRET);

      // What the run page and each trace page render: the reads they make, whole.
      const pages = [
        await getRun({ id: runId }),
        await getRunSummary({ runId }),
        await listRunResults({ runId, filter: {} }),
        ...(await Promise.all(results.map((result) => getResultWithTrace({ runId, resultId: result.id })))),
      ];
      const pageText = JSON.stringify(pages, (_, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
      expect(pageText).toContain("gateway.example");
      expect(pageText).not.toContain(SECRET);

      const exportRun = await loadRunOrThrow(context.db, runId);
      const exported: Record<string, string> = {
        csv: await (await exportRoute(new Request(`http://studio.test/runs/${runId}/export`), { params: Promise.resolve({ id: runId }) })).text(),
        json: await (await exportRoute(new Request(`http://studio.test/runs/${runId}/export?format=json`), { params: Promise.resolve({ id: runId }) })).text(),
        inspect: inspectLogJson(exportRun),
        "workbench-2024": workbench2024Files(exportRun).map((file) => file.content).join("\n"),
        "workbench-2026": workbench2026Files(exportRun).map((file) => file.content).join("\n"),
      };
      expect(exported.csv).toContain("gateway.example");
      for (const [format, body] of Object.entries(exported)) expect({ format, leaks: body.includes(SECRET) }).toEqual({ format, leaks: false });

      const sent = await sendRunSpans(exportRun, { endpoint: urlOf(collector), headers: {}, serviceName: "studio-test", captureContent: true });
      expect(sent.dropped).toBe(0);
      expect(otlpBodies.length).toBeGreaterThan(0);
      expect(otlpBodies.join("\n")).toContain("gateway.example");
      expect(otlpBodies.join("\n")).not.toContain(SECRET);
    } finally {
      for (const spy of consoleSpies) spy.mockRestore();
    }
    expect(logs.filter((line) => line.includes(SECRET))).toEqual([]);
  }, 240_000);
});
