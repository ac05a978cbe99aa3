// The OTLP trace request decoded by a client Studio did not write: the protobuf code generated from
// opentelemetry-proto's .proto files (by protobufjs, shipped in @opentelemetry/otlp-transformer 0.216.0, a release that still carried it,
// installed as the dev dependency `opentelemetry-proto-generated`). Decoding is strict about wire
// types: a double sent as an int, or a field at the wrong number, decodes as something else.
import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";

interface GeneratedType {
  decode(bytes: Uint8Array): unknown;
  fromObject(object: unknown): unknown;
  toObject(message: unknown, options: Record<string, unknown>): unknown;
  verify(message: unknown): string | null;
}

const generated = createRequire(import.meta.url)("opentelemetry-proto-generated/build/src/generated/root.js") as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: GeneratedType } } } } };
};
const REQUEST = generated.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** Plain-object form: 64-bit numbers as decimal strings, bytes as hex (the OTLP/JSON id encoding), enums as numbers. */
export interface DecodedValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string;
  doubleValue?: number;
  arrayValue?: { values?: DecodedValue[] };
  kvlistValue?: { values?: { key: string; value: DecodedValue }[] };
}
export interface DecodedAttribute {
  key: string;
  value: DecodedValue;
}
export interface DecodedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: DecodedAttribute[];
  events?: { name: string; timeUnixNano: string; attributes?: DecodedAttribute[] }[];
  status?: { code?: number; message?: string };
}
export interface DecodedRequest {
  resourceSpans?: { resource?: { attributes?: DecodedAttribute[] }; scopeSpans?: { scope?: { name?: string }; spans?: DecodedSpan[] }[] }[];
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const OBJECT_OPTIONS = { longs: String, enums: Number, bytes: String, defaults: false, arrays: false, oneofs: false };

function readable(message: unknown): DecodedRequest {
  const object = REQUEST.toObject(message, OBJECT_OPTIONS) as DecodedRequest;
  // protobufjs writes bytes as base64; OTLP's ids read as hex.
  for (const resource of object.resourceSpans ?? []) {
    for (const scope of resource.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        for (const key of ["traceId", "spanId", "parentSpanId"] as const) {
          const value = span[key];
          if (value) span[key] = hex(Buffer.from(value, "base64"));
        }
      }
    }
  }
  return object;
}

/** An http/protobuf body, decoded with the official schema. */
export function decodeOtlpProtobuf(body: Uint8Array): DecodedRequest {
  return readable(REQUEST.decode(body));
}

/** AnyValue's oneof members: present even at zero (a 0.0 score still says it is a double). */
const ONEOF_KEYS = new Set(["stringValue", "boolValue", "intValue", "doubleValue", "bytesValue"]);

const isDefault = (value: unknown) => value === 0 || value === "" || value === false || (Array.isArray(value) && value.length === 0);

/**
 * Two forms of one message made comparable by proto3's rules: numbers as strings (64-bit fields read
 * back as strings), and fields at their default (0, "", false, an empty list) left out — proto3 does
 * not tell them from absent ones — except AnyValue's oneof members, whose presence is their type.
 */
export function normalised(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(normalised);
  if (typeof value === "object" && value !== null) {
    const kept = Object.entries(value).filter(([key, item]) => ONEOF_KEYS.has(key) || !isDefault(item));
    return Object.fromEntries(kept.map(([key, item]) => [key, normalised(item)]));
  }
  return value;
}

/**
 * An http/json body read with the official schema. OTLP/JSON is proto3's JSON mapping except that ids
 * are hex, not base64: ids become bytes, then `fromObject` reads the object by the schema. The message
 * read must give back the body field for field: a key the schema does not have (dropped by
 * `fromObject`) or a value of the wrong type (converted) makes the two differ, and this throws.
 */
export function decodeOtlpJson(text: string): DecodedRequest {
  const body = JSON.parse(text) as unknown;
  const object = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
  for (const resource of object.resourceSpans) {
    for (const scope of resource.scopeSpans) {
      for (const span of scope.spans) {
        for (const key of ["traceId", "spanId", "parentSpanId"]) {
          if (typeof span[key] === "string") span[key] = Buffer.from(span[key], "hex");
        }
      }
    }
  }
  const decoded = readable(REQUEST.fromObject(object));
  if (!isDeepStrictEqual(normalised(decoded), normalised(body))) {
    throw new Error("OTLP/JSON body is not what the schema reads from it (an unknown key or a mistyped value)");
  }
  return decoded;
}

/** Every span of a decoded request. */
export function decodedSpans(request: DecodedRequest): DecodedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resource) => (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []));
}

/** An attribute's value as JavaScript, with the type the wire gave it. */
export function attributeOf(attributes: DecodedAttribute[] | undefined, key: string): { type: "string" | "bool" | "int" | "double" | "array" | "none"; value: unknown } | undefined {
  const value = attributes?.find((attribute) => attribute.key === key)?.value;
  if (!value) return undefined;
  if (value.stringValue !== undefined) return { type: "string", value: value.stringValue };
  if (value.boolValue !== undefined) return { type: "bool", value: value.boolValue };
  if (value.intValue !== undefined) return { type: "int", value: Number(value.intValue) };
  if (value.doubleValue !== undefined) return { type: "double", value: value.doubleValue };
  if (value.arrayValue !== undefined) return { type: "array", value: (value.arrayValue.values ?? []).map((item) => item.stringValue ?? item.intValue ?? item.doubleValue) };
  return { type: "none", value: undefined };
}
