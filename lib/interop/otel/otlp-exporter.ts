// The span exporter: the OpenTelemetry SDK's OTLP/HTTP transport (headers, timeout, retries) with
// Studio's serializer, which writes either protocol from one request form (otlp-request.ts), so the
// attributes the conventions type as double are doubles in both. The collector's answer is read by the
// SDK's own deserializers.
import { OTLPExporterBase } from "@opentelemetry/otlp-exporter-base";
import { convertLegacyHttpOptions, createOtlpHttpExportDelegate } from "@opentelemetry/otlp-exporter-base/node-http";
import { JsonTraceSerializer, ProtobufTraceSerializer, TraceExporterMetricsHelper, type ISerializer, type IExportTraceServiceResponse } from "@opentelemetry/otlp-transformer";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";
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

function traceSerializer(protocol: OtlpProtocol): ISerializer<ReadableSpan[], IExportTraceServiceResponse> {
  const responses = protocol === "http/protobuf" ? ProtobufTraceSerializer : JsonTraceSerializer;
  return {
    serializeRequest: (spans) => otlpTraceBody(spans, protocol),
    deserializeResponse: (data) => responses.deserializeResponse(data),
  };
}

export interface OtlpExporterOptions {
  readonly url: string;
  readonly protocol: OtlpProtocol;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMillis: number;
}

export function createOtlpTraceExporter(options: OtlpExporterOptions): SpanExporter {
  const http = convertLegacyHttpOptions(
    { url: options.url, headers: { ...options.headers }, timeoutMillis: options.timeoutMillis },
    "TRACES", "v1/traces", { "Content-Type": OTLP_CONTENT_TYPES[options.protocol] },
  );
  const delegate = createOtlpHttpExportDelegate(http, traceSerializer(options.protocol), "otlp_http_span_exporter", TraceExporterMetricsHelper, undefined);
  return new OTLPExporterBase<ReadableSpan[]>(delegate);
}
