// The OTLP trace request in protobuf (the `http/protobuf` protocol), written from its JSON form
// (otlp-request.ts). Field numbers and wire types are those of opentelemetry-proto's
// collector/trace/v1/trace_service.proto, trace/v1/trace.proto and common/v1/common.proto; the tests
// decode the bytes with the decoder generated from those files (otlp-body.test.ts). Proto3 defaults
// (zero, empty) are left out as a proto3 encoder does, except in AnyValue's oneof, where the member
// set is written even when zero (a score of 0.0 must still say it is a double).
import type { OtlpAnyValue, OtlpEvent, OtlpKeyValue, OtlpLink, OtlpSpan, OtlpTraceRequest } from "./otlp-request";

const VARINT = 0;
const FIXED64 = 1;
const LENGTH_DELIMITED = 2;
const FIXED32 = 5;

/** `always`: write the field even at its default (a oneof member). */
type Presence = "default-omitted" | "always";

/** A message being written: each field appends its bytes; a nested message is written whole, then framed. */
class Message {
  private readonly bytes: number[] = [];

  private tag(field: number, wire: number): void {
    this.varint(BigInt((field << 3) | wire));
  }

  private varint(value: bigint): void {
    let rest = BigInt.asUintN(64, value); // negative int64: two's complement, 10 bytes
    while (rest >= 0x80n) {
      this.bytes.push(Number(rest & 0x7fn) | 0x80);
      rest >>= 7n;
    }
    this.bytes.push(Number(rest));
  }

  private raw(data: ArrayLike<number>): void {
    for (let index = 0; index < data.length; index += 1) this.bytes.push(data[index]!);
  }

  private fixed(field: number, wire: number, size: number, set: (view: DataView) => void): this {
    const view = new DataView(new ArrayBuffer(size));
    set(view);
    this.tag(field, wire);
    this.raw(new Uint8Array(view.buffer));
    return this;
  }

  /** uint32, enum, bool and int64 fields. */
  varintField(field: number, value: number | string | boolean | undefined, presence: Presence = "default-omitted"): this {
    if (value === undefined) return this;
    const number = typeof value === "boolean" ? BigInt(value ? 1 : 0) : BigInt(value);
    if (number === 0n && presence !== "always") return this;
    this.tag(field, VARINT);
    this.varint(number);
    return this;
  }

  double(field: number, value: number | undefined, presence: Presence = "default-omitted"): this {
    if (value === undefined || (Object.is(value, 0) && presence !== "always")) return this;
    return this.fixed(field, FIXED64, 8, (view) => view.setFloat64(0, value, true));
  }

  /** fixed64 from a decimal string (nanosecond times exceed 2^53). */
  fixed64(field: number, value: string | undefined): this {
    if (value === undefined || BigInt(value) === 0n) return this;
    return this.fixed(field, FIXED64, 8, (view) => view.setBigUint64(0, BigInt(value), true));
  }

  fixed32(field: number, value: number | undefined): this {
    if (!value) return this;
    return this.fixed(field, FIXED32, 4, (view) => view.setUint32(0, value, true));
  }

  bytesField(field: number, data: Uint8Array, presence: Presence = "default-omitted"): this {
    if (data.length === 0 && presence !== "always") return this;
    this.tag(field, LENGTH_DELIMITED);
    this.varint(BigInt(data.length));
    this.raw(data);
    return this;
  }

  string(field: number, value: string | undefined, presence: Presence = "default-omitted"): this {
    return value === undefined ? this : this.bytesField(field, new TextEncoder().encode(value), presence);
  }

  /** Trace and span ids: hex in the JSON form, bytes on the wire. */
  hex(field: number, value: string | undefined): this {
    return value ? this.bytesField(field, Buffer.from(value, "hex")) : this;
  }

  /** A nested message, written even when empty (a message field's presence is its own). */
  message(field: number, nested: Message | undefined): this {
    if (!nested) return this;
    return this.bytesField(field, nested.finish(), "always");
  }

  repeated<T>(field: number, items: readonly T[] | undefined, write: (item: T) => Message): this {
    for (const item of items ?? []) this.message(field, write(item));
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

// common.proto — AnyValue: string_value 1, bool_value 2, int_value 3, double_value 4, array_value 5,
// kvlist_value 6, bytes_value 7 (a oneof); ArrayValue / KeyValueList: values 1; KeyValue: key 1, value 2.
function anyValue(value: OtlpAnyValue): Message {
  const message = new Message();
  if (value.stringValue !== undefined) return message.string(1, value.stringValue, "always");
  if (value.boolValue !== undefined) return message.varintField(2, value.boolValue, "always");
  if (value.intValue !== undefined) return message.varintField(3, value.intValue, "always");
  if (value.doubleValue !== undefined) return message.double(4, value.doubleValue, "always");
  if (value.arrayValue) return message.message(5, new Message().repeated(1, value.arrayValue.values, anyValue));
  if (value.kvlistValue) return message.message(6, new Message().repeated(1, value.kvlistValue.values, keyValue));
  if (value.bytesValue !== undefined) return message.bytesField(7, Buffer.from(value.bytesValue, "base64"), "always");
  return message;
}

function keyValue(pair: OtlpKeyValue): Message {
  return new Message().string(1, pair.key).message(2, anyValue(pair.value));
}

// trace.proto — Span.Event: time_unix_nano 1 (fixed64), name 2, attributes 3, dropped_attributes_count 4.
function event(item: OtlpEvent): Message {
  return new Message().fixed64(1, item.timeUnixNano).string(2, item.name).repeated(3, item.attributes, keyValue).varintField(4, item.droppedAttributesCount);
}

// Span.Link: trace_id 1, span_id 2, trace_state 3, attributes 4, dropped_attributes_count 5, flags 6 (fixed32).
function link(item: OtlpLink): Message {
  return new Message()
    .hex(1, item.traceId).hex(2, item.spanId).string(3, item.traceState).repeated(4, item.attributes, keyValue)
    .varintField(5, item.droppedAttributesCount).fixed32(6, item.flags);
}

// Span: trace_id 1, span_id 2, trace_state 3, parent_span_id 4, name 5, kind 6, start 7 and end 8
// (fixed64), attributes 9, dropped_attributes_count 10, events 11, dropped_events_count 12, links 13,
// dropped_links_count 14, status 15 (Status: message 2, code 3), flags 16 (fixed32).
function span(item: OtlpSpan): Message {
  const status = item.status ? new Message().string(2, item.status.message).varintField(3, item.status.code) : undefined;
  return new Message()
    .hex(1, item.traceId).hex(2, item.spanId).string(3, item.traceState).hex(4, item.parentSpanId)
    .string(5, item.name).varintField(6, item.kind).fixed64(7, item.startTimeUnixNano).fixed64(8, item.endTimeUnixNano)
    .repeated(9, item.attributes, keyValue).varintField(10, item.droppedAttributesCount)
    .repeated(11, item.events, event).varintField(12, item.droppedEventsCount)
    .repeated(13, item.links, link).varintField(14, item.droppedLinksCount)
    .message(15, status).fixed32(16, item.flags);
}

// ExportTraceServiceRequest: resource_spans 1. ResourceSpans: resource 1, scope_spans 2, schema_url 3.
// Resource: attributes 1, dropped_attributes_count 2. ScopeSpans: scope 1, spans 2, schema_url 3.
// InstrumentationScope: name 1, version 2, attributes 3, dropped_attributes_count 4.
export function encodeOtlpTraceRequest(request: OtlpTraceRequest): Uint8Array {
  return new Message()
    .repeated(1, request.resourceSpans, (resourceSpans) => {
      const resource = resourceSpans.resource
        ? new Message().repeated(1, resourceSpans.resource.attributes, keyValue).varintField(2, resourceSpans.resource.droppedAttributesCount)
        : undefined;
      return new Message()
        .message(1, resource)
        .repeated(2, resourceSpans.scopeSpans, (scopeSpans) => {
          const scope = scopeSpans.scope
            ? new Message().string(1, scopeSpans.scope.name).string(2, scopeSpans.scope.version).repeated(3, scopeSpans.scope.attributes, keyValue).varintField(4, scopeSpans.scope.droppedAttributesCount)
            : undefined;
          return new Message().message(1, scope).repeated(2, scopeSpans.spans, span).string(3, scopeSpans.schemaUrl);
        })
        .string(3, resourceSpans.schemaUrl);
    })
    .finish();
}
