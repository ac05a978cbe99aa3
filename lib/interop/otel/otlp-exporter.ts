// The span exporter: Studio's serializer, which writes either protocol from one request form
// (otlp-request.ts) so the attributes the conventions type as double are doubles in both, over a
// transport that a shutdown can abandon (abortable-exporter.ts: a refusing or silent collector never
// keeps a finished process alive).
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";
import { AbortableOtlpExporter } from "./abortable-exporter";
import { otlpTraceRequest } from "./otlp-request";
import { encodeOtlpTraceRequest } from "./otlp-protobuf";
import type { OtlpProtocol } from "./otlp-endpoint";

export const OTLP_CONTENT_TYPES: Readonly<Record<OtlpProtocol, string>> = {
  "http/protobuf": "application/x-protobuf",
  "http/json": "application/json",
};

/** The request body of these spans in the protocol's encoding. */
export function otlpTraceBody(spans: ReadableSpan[], protocol: OtlpProtocol): Uint8Array {
  const request = otlpTraceRequest(spans);
  return protocol === "http/protobuf" ? encodeOtlpTraceRequest(request) : new TextEncoder().encode(JSON.stringify(request));
}

export interface OtlpExporterOptions {
  readonly url: string;
  readonly protocol: OtlpProtocol;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMillis: number;
}

export function createOtlpTraceExporter(options: OtlpExporterOptions): SpanExporter {
  return new AbortableOtlpExporter({
    url: options.url,
    headers: options.headers,
    timeoutMillis: options.timeoutMillis,
    contentType: OTLP_CONTENT_TYPES[options.protocol],
    encode: (spans) => otlpTraceBody(spans, options.protocol),
  });
}
