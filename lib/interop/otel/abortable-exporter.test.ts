// The exporter's two differences from the SDK's: shutdown abandons a request to a silent collector at
// once (its spans fail, nothing waits for the timeout), and credentials in the collector URL travel in
// a Basic Authorization header, never in the URL fetch would refuse and quote.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ExportResultCode, type ExportResult } from "@opentelemetry/core";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { AbortableOtlpExporter } from "./abortable-exporter";
import { otlpTraceBody } from "./otlp-exporter";

/** The JSON protocol's body and content type. */
const asJson = { contentType: "application/json", encode: (batch: Parameters<typeof otlpTraceBody>[0]) => otlpTraceBody(batch, "http/json") };

let silent: http.Server;
let receiver: http.Server;
const seen: { url: string; authorization: string | undefined }[] = [];
const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  silent = http.createServer(() => undefined);
  receiver = http.createServer((request, response) => {
    seen.push({ url: request.url ?? "", authorization: request.headers.authorization });
    request.resume();
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await Promise.all([silent, receiver].map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
});

afterAll(async () => {
  silent.closeAllConnections();
  await Promise.all([silent, receiver].map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A few finished spans, made by the SDK itself. */
function spans(): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(memory)] });
  for (let index = 0; index < 3; index += 1) provider.getTracer("t").startSpan(`span ${index}`).end();
  return memory.getFinishedSpans();
}

const exported = (exporter: AbortableOtlpExporter) => new Promise<ExportResult>((resolve) => exporter.export(spans(), resolve));

test("shutdown abandons an export a silent collector never answers", async () => {
  const exporter = new AbortableOtlpExporter({ url: `http://127.0.0.1:${portOf(silent)}/v1/traces`, headers: {}, timeoutMillis: 60_000, ...asJson });
  const result = exported(exporter);
  await new Promise((resolve) => setTimeout(resolve, 200)); // the request is out, unanswered
  const started = performance.now();
  await exporter.shutdown();
  expect((await result).code).toBe(ExportResultCode.FAILED);
  expect(performance.now() - started).toBeLessThan(5_000); // not the 60 s timeout
});

test("credentials in the collector URL go in a Basic Authorization header", async () => {
  const exporter = new AbortableOtlpExporter({ url: `http://otel-user:s3cret@127.0.0.1:${portOf(receiver)}/v1/traces`, headers: {}, timeoutMillis: 10_000, ...asJson });
  expect((await exported(exporter)).code).toBe(ExportResultCode.SUCCESS);
  expect(seen.at(-1)).toEqual({ url: "/v1/traces", authorization: `Basic ${Buffer.from("otel-user:s3cret").toString("base64")}` });
  await exporter.shutdown();
});
