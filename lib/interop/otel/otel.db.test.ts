// OpenTelemetry GenAI traces of live runs: an in-process OTLP/HTTP receiver (node:http on 127.0.0.1,
// decoding the exporter's JSON) gets, for a 10-task mock run, one invoke_agent span per task with its
// chat and execute_tool children (parent ids right), the pinned revision's attribute names, usage equal
// to what the run stored, and the verdicts as gen_ai.evaluation.result events. With a collector that
// never answers, the run finishes in about the same time and the dropped spans are counted and logged.
// `workbench export --format otlp` sends a past run through the same span builder.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../../test-support/db";
import { launchRun } from "../../runs/launch";
import { createRunTracing, type RunTracing } from "./tracing";
import { flushProcessTracing, tracesQueued, useProcessTracing } from "./trace-result";
import { sendRunSpans } from "./export-run-spans";
import { loadRunOrThrow } from "../export-run";

interface OtlpValue { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean; arrayValue?: { values: OtlpValue[] } }
interface OtlpSpan {
  traceId: string; spanId: string; parentSpanId?: string; name: string;
  attributes: { key: string; value: OtlpValue }[];
  events?: { name: string; attributes: { key: string; value: OtlpValue }[] }[];
}

let context: WorkerTestContext;
let receiver: http.Server;
let blackhole: http.Server;
const received: OtlpSpan[] = [];
const headersSeen: http.IncomingHttpHeaders[] = [];

const urlOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listen = (server: http.Server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 4, idlePollMs: 100, mockLatencyMs: 20 });
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      headersSeen.push(request.headers);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  // Accepts connections and never answers: the worst collector (every export waits for its timeout).
  blackhole = http.createServer(() => undefined);
  await Promise.all([listen(receiver), listen(blackhole)]);
}, 120_000);

afterAll(async () => {
  useProcessTracing(null);
  blackhole?.closeAllConnections();
  await Promise.all([receiver, blackhole].map((server) => new Promise((resolve) => server?.close(resolve))));
  await tearDownWorkerTest(context);
});

const attr = (span: { attributes: { key: string; value: OtlpValue }[] }, key: string) => {
  const value = span.attributes.find((attribute) => attribute.key === key)?.value;
  if (!value) return undefined;
  return value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.doubleValue ?? value.boolValue ?? value.arrayValue?.values.map((item) => item.stringValue));
};

async function tracedRun(tracing: RunTracing): Promise<{ runId: string; ms: number }> {
  useProcessTracing(tracing);
  const started = performance.now();
  const { runId } = await launchRun({ agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, limit: 10, concurrency: 4, retry: FAST_RETRY }, context);
  expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed", tasksDone: 10 });
  const ms = performance.now() - started;
  await tracesQueued();
  return { runId, ms };
}

let upMs = 0;
let tracedRunId = "";

test("a 10-task mock run sends one invoke_agent span per task with its chat and execute_tool children, usage as stored and the verdicts", async () => {
  const logs: string[] = [];
  const tracing = createRunTracing({ endpoint: urlOf(receiver), headers: { "x-collector-key": "k-123" }, protocol: "http/json", serviceName: "studio-test", captureContent: false, scheduledDelayMs: 50, log: (line) => logs.push(line) });
  const { runId, ms } = await tracedRun(tracing);
  upMs = ms;
  tracedRunId = runId;
  await tracing.flush(10_000);
  expect(tracing.dropped()).toBe(0);
  expect(headersSeen.at(-1)?.["x-collector-key"]).toBe("k-123");
  expect(headersSeen.at(-1)?.["content-type"]).toContain("application/json");

  const results = await context.db.taskResult.findMany({ where: { runId }, include: { steps: true } });
  const agents = received.filter((span) => span.name === "invoke_agent react" && attr(span, "workbench.run.id") === runId);
  expect(agents).toHaveLength(10);
  expect(new Set(agents.map((span) => attr(span, "gen_ai.conversation.id")))).toEqual(new Set(results.map((result) => result.id)));
  let inputTokens = 0;
  let outputTokens = 0;
  for (const agent of agents) {
    const result = results.find((row) => row.id === attr(agent, "gen_ai.conversation.id"))!;
    expect(attr(agent, "gen_ai.operation.name")).toBe("invoke_agent");
    expect(attr(agent, "gen_ai.agent.name")).toBe("react");
    const children = received.filter((span) => span.parentSpanId === agent.spanId);
    expect(children.every((span) => span.traceId === agent.traceId)).toBe(true);
    const chats = children.filter((span) => span.name === "chat oracle");
    const tools = children.filter((span) => span.name.startsWith("execute_tool "));
    expect(chats).toHaveLength(result.steps.filter((step) => step.kind === "model").length);
    expect(tools.map((span) => attr(span, "gen_ai.tool.name")).sort()).toEqual(result.steps.filter((step) => step.kind === "tool").map((step) => step.tool).sort());
    expect(children).toHaveLength(chats.length + tools.length);
    for (const chat of chats) {
      expect(attr(chat, "gen_ai.provider.name")).toBe("mock");
      expect(attr(chat, "gen_ai.request.model")).toBe("oracle");
      expect(attr(chat, "gen_ai.response.model")).toBe("oracle");
    }
    for (const tool of tools) {
      expect(attr(tool, "gen_ai.tool.call.id")).toMatch(/^call_\d+$/);
      expect(attr(tool, "gen_ai.tool.call.arguments")).toBeUndefined(); // content capture is off
      expect(attr(tool, "gen_ai.tool.call.result")).toBeUndefined();
    }
    // usage: the chat spans add up to the task's stored tokens, which add up to the run's
    const sum = (key: string) => chats.reduce((total, span) => total + Number(attr(span, key) ?? 0), 0);
    expect(sum("gen_ai.usage.input_tokens")).toBe(result.steps.reduce((total, step) => total + (step.inputTokens ?? 0), 0));
    expect(attr(agent, "gen_ai.usage.input_tokens")).toBe(result.inputTokens);
    expect(attr(agent, "gen_ai.usage.output_tokens")).toBe(result.outputTokens);
    inputTokens += Number(attr(agent, "gen_ai.usage.input_tokens"));
    outputTokens += Number(attr(agent, "gen_ai.usage.output_tokens"));
    const verdict = agent.events?.find((event) => event.name === "gen_ai.evaluation.result" && attr(event, "gen_ai.evaluation.name") === "workbench.correct");
    expect(verdict && attr(verdict, "gen_ai.evaluation.score.value")).toBe(result.correct ? 1 : 0);
    expect(verdict && attr(verdict, "gen_ai.evaluation.score.label")).toBe(result.correct ? "correct" : "incorrect");
  }
  const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
  expect({ inputTokens, outputTokens }).toEqual({ inputTokens: run.inputTokens, outputTokens: run.outputTokens });
  expect(run.inputTokens).toBeGreaterThan(0);
  expect(logs).toEqual([]);
  await tracing.shutdown();
}, 300_000);

test("with a collector that never answers, the run finishes in about the same time and the dropped spans are counted and logged", async () => {
  const logs: string[] = [];
  const tracing = createRunTracing({ endpoint: urlOf(blackhole), headers: {}, protocol: "http/json", serviceName: "studio-test", captureContent: true, scheduledDelayMs: 50, exportTimeoutMs: 60_000, maxQueueSize: 16, log: (line) => logs.push(line) });
  const { ms } = await tracedRun(tracing);
  // A generous margin for a loaded machine: waiting on the collector would add its 60 s timeout.
  expect(ms).toBeLessThan(upMs * 3 + 5_000);
  const stopped = performance.now();
  await flushProcessTracing(500);
  expect(performance.now() - stopped).toBeLessThan(10_000); // the flush is bounded too
  expect(tracing.counts.ended).toBeGreaterThan(10);
  expect(tracing.dropped()).toBe(tracing.counts.ended); // nothing delivered: the queue of 16 overflowed, the rest hang
  expect(logs.some((line) => line.includes(`${tracing.dropped()} span(s) dropped`))).toBe(true);
}, 300_000);

test("export --format otlp sends a past run the same way", async () => {
  const before = received.length;
  const sent = await sendRunSpans(await loadRunOrThrow(context.db, tracedRunId), { endpoint: urlOf(receiver), headers: {}, protocol: "http/json", serviceName: "studio-test", captureContent: true });
  expect(sent.dropped).toBe(0);
  const spans = received.slice(before);
  expect(spans).toHaveLength(sent.spans);
  expect(spans.filter((span) => span.name === "invoke_agent react")).toHaveLength(10);
  const tool = spans.find((span) => span.name.startsWith("execute_tool "))!;
  expect(typeof attr(tool, "gen_ai.tool.call.arguments")).toBe("string"); // content capture on
  expect(typeof attr(tool, "gen_ai.tool.call.result")).toBe("string");
}, 120_000);
