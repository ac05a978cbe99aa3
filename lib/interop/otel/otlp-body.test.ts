// What a collector reads from Studio's spans, decoded with opentelemetry-proto's generated code (not
// Studio's): the verdicts' score values are doubles, a model call that failed is a chat span with error
// status, a turn's output message carries its tool calls (no empty text part), a tool call with an
// injected fault is an execute_tool span with error status and the fault's kind, two exports of one
// run are the same trace (same trace and span ids), and both protocols carry the same message.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NONE, makeResult, makeRun, model, tool } from "@/lib/test-support/export-run";
import { attributeOf, decodeOtlpJson, decodeOtlpProtobuf, decodedSpans, normalised, type DecodedSpan } from "@/lib/test-support/otlp-proto";
import type { ExportResult, ExportRun } from "../run-export";
import { emitTaskSpans } from "./task-spans";
import { otlpTraceBody } from "./otlp-exporter";
import { runOtlpJson } from "./otlp-file";
import { PlannedIdGenerator } from "./span-ids";
import { createRunTracing } from "./tracing";
import type { OtlpProtocol } from "./otlp-endpoint";

/** A task whose second model call failed on the context window after a turn that only called tools. */
const failedCall: ExportResult = makeResult({
  id: "r-failed", taskKey: "calendar/004", domain: "calendar", correct: false, error: "Context window exceeded", errorKind: "context_window",
  steps: [
    model("", [80, 12]),
    tool("calendar.search_events", { query: "standup" }, "[]"),
    tool("calendar.search_events", { query: "stand-up" }, "[]"),
    { ...NONE, kind: "error", errorKind: "context_window", text: "Context window exceeded" },
  ],
});

/** A task whose first call met an injected 503 (transient: the call never ran) and was retried. */
const faulted: ExportResult = makeResult({
  id: "r-faulted", taskKey: "email/011", trial: 1,
  steps: [
    model("Searching.", [90, 10]),
    { ...tool("email.search_emails", { query: "nadia" }, "Service unavailable (503)", false), fault: { kind: "transient", ordinal: 0 } },
    model("Again.", [95, 10]),
    tool("email.search_emails", { query: "nadia" }, "[{'email_id': '00000479'}]"),
    model("Final Answer: none", [99, 9], "stop"),
    { ...NONE, kind: "final", text: "none" },
  ],
});

const run: ExportRun = makeRun({ results: [makeResult(), failedCall, faulted] });

/** The run's spans as the SDK hands them to an exporter, ids planned as in the live pipeline. */
function spansOf(exported: ExportRun) {
  const collected = new InMemorySpanExporter();
  const ids = new PlannedIdGenerator();
  const provider = new BasicTracerProvider({ idGenerator: ids, spanProcessors: [new SimpleSpanProcessor(collected)] });
  for (const result of exported.results) emitTaskSpans({ tracer: provider.getTracer("test"), ids }, exported, result, { captureContent: true });
  return collected.getFinishedSpans();
}

const decoded = decodedSpans(decodeOtlpProtobuf(otlpTraceBody(spansOf(run), "http/protobuf")));
const conversationOf = (id: string) => {
  const agent = decoded.find((span) => attributeOf(span.attributes, "gen_ai.conversation.id")?.value === id) as DecodedSpan;
  return { agent, children: decoded.filter((span) => span.parentSpanId === agent.spanId) };
};

describe("decoded with the official schema (http/protobuf)", () => {
  test("every verdict's gen_ai.evaluation.score.value is a double, 1.0 and 0.0 included", () => {
    const scores = decoded.flatMap((span) => (span.events ?? []).map((event) => attributeOf(event.attributes, "gen_ai.evaluation.score.value")));
    expect(scores).toHaveLength(run.results.length * 3);
    expect(scores.every((score) => score?.type === "double")).toBe(true);
    const correct = conversationOf("r-failed").agent.events?.find((event) => attributeOf(event.attributes, "gen_ai.evaluation.name")?.value === "workbench.correct");
    expect(attributeOf(correct?.attributes, "gen_ai.evaluation.score.value")).toEqual({ type: "double", value: 0 });
    expect(scores.filter((score) => score?.value === 1).length).toBeGreaterThan(0);
  });

  test("token counts stay ints", () => {
    const { agent } = conversationOf("r1");
    expect(attributeOf(agent.attributes, "gen_ai.usage.input_tokens")).toEqual({ type: "int", value: 300 });
  });

  test("the failed model call is a chat span with error status and error.type", () => {
    const { children } = conversationOf("r-failed");
    const chats = children.filter((span) => span.name === "chat gpt-x");
    expect(chats).toHaveLength(2); // the turn that called tools, and the call that failed
    const failed = chats.at(-1) as DecodedSpan;
    expect(failed.status).toMatchObject({ code: 2, message: "Context window exceeded" }); // STATUS_CODE_ERROR
    expect(attributeOf(failed.attributes, "error.type")?.value).toBe("context_window");
    expect(attributeOf(failed.attributes, "gen_ai.usage.input_tokens")).toBeUndefined(); // no response, no usage
    expect(chats[0]?.status?.code ?? 0).toBe(0);
  });

  test("a turn that only called tools: its output message holds the tool calls and no empty text part", () => {
    const { children } = conversationOf("r-failed");
    const turn = children.find((span) => span.name === "chat gpt-x") as DecodedSpan;
    const messages = JSON.parse(String(attributeOf(turn.attributes, "gen_ai.output.messages")?.value)) as { role: string; parts: Record<string, unknown>[]; finish_reason: string }[];
    const toolSpans = children.filter((span) => span.name === "execute_tool calendar.search_events");
    expect(messages).toEqual([{
      role: "assistant", finish_reason: "tool_call",
      parts: toolSpans.map((span) => ({ type: "tool_call", id: attributeOf(span.attributes, "gen_ai.tool.call.id")?.value, name: "calendar.search_events", arguments: JSON.parse(String(attributeOf(span.attributes, "gen_ai.tool.call.arguments")?.value)) })),
    }]);
    expect(messages[0]?.parts.map((part) => (part as { arguments: unknown }).arguments)).toEqual([{ query: "standup" }, { query: "stand-up" }]);
  });

  test("a turn with text and calls: the text part, then one tool_call part per call", () => {
    const { children } = conversationOf("r1");
    const first = children.find((span) => span.name === "chat gpt-x") as DecodedSpan;
    const [message] = JSON.parse(String(attributeOf(first.attributes, "gen_ai.output.messages")?.value)) as { parts: { type: string }[] }[];
    expect(message?.parts.map((part) => part.type)).toEqual(["text", "tool_call", "tool_call"]);
  });

  test("the faulted call is an execute_tool span with error status, error.type and the fault's kind", () => {
    const { children } = conversationOf("r-faulted");
    const calls = children.filter((span) => span.name === "execute_tool email.search_emails");
    expect(calls).toHaveLength(2);
    const [faultedCall, retried] = calls as [DecodedSpan, DecodedSpan];
    expect(faultedCall.status?.code).toBe(2);
    expect(attributeOf(faultedCall.attributes, "error.type")?.value).toBe("injected_fault");
    expect(attributeOf(faultedCall.attributes, "workbench.fault.kind")).toEqual({ type: "string", value: "transient" });
    expect(attributeOf(faultedCall.attributes, "workbench.fault.ordinal")).toEqual({ type: "int", value: 0 });
    expect(retried.status?.code ?? 0).toBe(0);
    expect(attributeOf(retried.attributes, "workbench.fault.kind")).toBeUndefined();
  });

  test("one trace per task, every child under its agent span", () => {
    const agents = decoded.filter((span) => span.name === "invoke_agent tools");
    expect(agents).toHaveLength(3);
    expect(new Set(agents.map((span) => span.traceId)).size).toBe(3);
    for (const span of decoded) {
      if (span.name === "invoke_agent tools") continue;
      const parent = agents.find((agent) => agent.spanId === span.parentSpanId);
      expect(parent?.traceId).toBe(span.traceId);
    }
  });
});

describe("a re-export is the same trace", () => {
  test("two exports of one run give the same trace and span ids; another run gives others", () => {
    const idsOf = (spans: DecodedSpan[]) => spans.map((span) => [span.name, span.traceId, span.spanId, span.parentSpanId ?? null]);
    const again = decodedSpans(decodeOtlpProtobuf(otlpTraceBody(spansOf(run), "http/protobuf")));
    expect(idsOf(again)).toEqual(idsOf(decoded));
    expect(new Set(decoded.map((span) => span.spanId)).size).toBe(decoded.length);
    const other = decodedSpans(decodeOtlpProtobuf(otlpTraceBody(spansOf({ ...run, id: "run2" }), "http/protobuf")));
    expect(other.some((span) => decoded.some((seen) => seen.traceId === span.traceId || seen.spanId === span.spanId))).toBe(false);
  });

  test("the OTLP JSON download holds the same ids as the sent spans", () => {
    const file = decodedSpans(decodeOtlpJson(runOtlpJson(run)));
    expect(file.map((span) => span.spanId).sort()).toEqual(decoded.map((span) => span.spanId).sort());
  });
});

describe("http/json carries the message http/protobuf does", () => {
  test("the JSON body reads back field for field by the schema, and equals the protobuf body's message", () => {
    const spans = spansOf(run);
    const fromJson = decodeOtlpJson(new TextDecoder().decode(otlpTraceBody(spans, "http/json")));
    expect(normalised(decodeOtlpProtobuf(otlpTraceBody(spans, "http/protobuf")))).toEqual(normalised(fromJson));
    const score = decodedSpans(fromJson).flatMap((span) => span.events ?? []).map((event) => attributeOf(event.attributes, "gen_ai.evaluation.score.value"));
    expect(score.every((value) => value?.type === "double")).toBe(true);
  });

  test("a JSON body with a key the schema does not have is caught by the decoder (the check can fail)", () => {
    const text = new TextDecoder().decode(otlpTraceBody(spansOf(run), "http/json")).replace('"name":"invoke_agent tools"', '"name":"invoke_agent tools","nme":"x"');
    expect(() => decodeOtlpJson(text)).toThrow(/not what the schema reads/);
  });
});

describe("sent over HTTP to a collector", () => {
  const bodies: { contentType: string | undefined; url: string | undefined; body: Buffer }[] = [];
  let receiver: http.Server;
  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        bodies.push({ contentType: request.headers["content-type"], url: request.url, body: Buffer.concat(chunks) });
        response.writeHead(200, { "Content-Type": request.headers["content-type"] ?? "application/json" }).end(request.headers["content-type"] === "application/json" ? "{}" : "");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  test.each<[OtlpProtocol, string]>([["http/protobuf", "application/x-protobuf"], ["http/json", "application/json"]])("%s: the content type, the traces URL as given, and the spans decoded", async (protocol, contentType) => {
    const before = bodies.length;
    const port = (receiver.address() as AddressInfo).port;
    const tracing = createRunTracing({ endpoint: `http://127.0.0.1:${port}`, tracesUrl: `http://127.0.0.1:${port}/custom/traces`, protocol, headers: {}, serviceName: "studio-test", captureContent: false, scheduledDelayMs: 20 });
    for (const result of run.results) emitTaskSpans(tracing, run, result, { captureContent: false });
    await tracing.shutdown(30_000);
    expect(tracing.dropped()).toBe(0);
    const received = bodies.slice(before);
    expect(received.every((request) => request.contentType === contentType && request.url === "/custom/traces")).toBe(true);
    const spans = received.flatMap((request) => decodedSpans(protocol === "http/protobuf" ? decodeOtlpProtobuf(request.body) : decodeOtlpJson(request.body.toString("utf8"))));
    expect(spans.map((span) => span.spanId).sort()).toEqual(decoded.map((span) => span.spanId).sort());
  }, 60_000);
});
