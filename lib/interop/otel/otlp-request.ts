// The OTLP trace request (ExportTraceServiceRequest) in its JSON form, as the SDK's own JSON serializer
// builds it (hex ids, nanosecond times as decimal strings), with one correction: the attributes that the
// GenAI conventions type as double are sent as doubles. JavaScript has one number type, so the SDK sends
// an integral value (a score of 1 or 0) as intValue, which a typed consumer reads as an int; these keys
// become doubleValue whatever their value. Both protocols are written from this form (otlp-protobuf.ts).
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { GENAI } from "./semconv";

export interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values: OtlpAnyValue[] };
  kvlistValue?: { values: OtlpKeyValue[] };
  bytesValue?: string;
}

export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

export interface OtlpEvent {
  timeUnixNano: string;
  name: string;
  attributes?: OtlpKeyValue[];
  droppedAttributesCount?: number;
}

export interface OtlpLink {
  traceId: string;
  spanId: string;
  traceState?: string;
  attributes?: OtlpKeyValue[];
  droppedAttributesCount?: number;
  flags?: number;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  traceState?: string;
  parentSpanId?: string;
  flags?: number;
  name: string;
  kind?: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpKeyValue[];
  droppedAttributesCount?: number;
  events?: OtlpEvent[];
  droppedEventsCount?: number;
  links?: OtlpLink[];
  droppedLinksCount?: number;
  status?: { code?: number; message?: string };
}

export interface OtlpTraceRequest {
  resourceSpans: {
    resource?: { attributes?: OtlpKeyValue[]; droppedAttributesCount?: number };
    scopeSpans: {
      scope?: { name?: string; version?: string; attributes?: OtlpKeyValue[]; droppedAttributesCount?: number };
      spans: OtlpSpan[];
      schemaUrl?: string;
    }[];
    schemaUrl?: string;
  }[];
}

/** Attribute keys the conventions type as double (gen_ai.evaluation.score.value: "double"). */
export const DOUBLE_ATTRIBUTES: ReadonlySet<string> = new Set([GENAI.scoreValue]);

function typedAttributes(attributes: OtlpKeyValue[] | undefined): void {
  for (const attribute of attributes ?? []) {
    const value = attribute.value;
    if (DOUBLE_ATTRIBUTES.has(attribute.key) && value.intValue !== undefined) {
      attribute.value = { doubleValue: Number(value.intValue) };
    }
  }
}

/** The request for these spans, every double-typed attribute a double. */
export function otlpTraceRequest(spans: ReadableSpan[]): OtlpTraceRequest {
  const bytes = JsonTraceSerializer.serializeRequest(spans);
  const request = JSON.parse(new TextDecoder().decode(bytes)) as OtlpTraceRequest;
  for (const resource of request.resourceSpans) {
    for (const scope of resource.scopeSpans) {
      for (const span of scope.spans) {
        typedAttributes(span.attributes);
        for (const event of span.events ?? []) typedAttributes(event.attributes);
      }
    }
  }
  return request;
}
