// The standard OTLP variables resolved by the exporter spec's rules (specification/protocol/exporter.md):
// the traces endpoint used as given, the base endpoint with `v1/traces` appended, the signal-specific
// protocol and headers over the general ones, http/protobuf by default; and the header format.
import { describe, expect, test } from "vitest";
import { parseEnv } from "@/lib/env";
import { otlpTraceTarget, parseOtlpHeaders, type OtlpTraceVariables } from "./otlp-endpoint";

describe("otlpTraceTarget", () => {
  test.each<[string, OtlpTraceVariables, string | null]>([
    ["nothing set: no tracing", {}, null],
    ["base URL: v1/traces appended", { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }, "http://collector:4318/v1/traces"],
    ["base URL with a trailing slash: no double slash", { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }, "http://collector:4318/v1/traces"],
    ["base URL with a path: the path kept", { OTEL_EXPORTER_OTLP_ENDPOINT: "https://cloud.example/api/public/otel" }, "https://cloud.example/api/public/otel/v1/traces"],
    ["traces URL: used as given", { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/custom/traces" }, "http://collector:4318/custom/traces"],
    ["traces URL without a path: the root path, nothing appended", { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318" }, "http://collector:4318/"],
    ["both: the traces URL wins", { OTEL_EXPORTER_OTLP_ENDPOINT: "http://base:4318", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:4318/v1/traces" }, "http://traces:4318/v1/traces"],
  ])("%s", (_name, vars, url) => {
    expect(otlpTraceTarget(vars)?.url ?? null).toBe(url);
  });

  test.each<[string, OtlpTraceVariables, string]>([
    ["unset: http/protobuf, the spec's default", {}, "http/protobuf"],
    ["the general variable", { OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" }, "http/json"],
    ["the traces variable over the general one", { OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" }, "http/protobuf"],
    ["the traces variable alone", { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json" }, "http/json"],
  ])("protocol: %s", (_name, vars, protocol) => {
    expect(otlpTraceTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", ...vars })?.protocol).toBe(protocol);
  });

  test("traces headers over the general ones, key by key", () => {
    const target = otlpTraceTarget({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_EXPORTER_OTLP_HEADERS: "api-key=general,x-team=a",
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: "api-key=traces",
    });
    expect(target?.headers).toEqual({ "api-key": "traces", "x-team": "a" });
  });

  test("the environment schema accepts both HTTP protocols and refuses grpc and typos, naming the variable", () => {
    expect(parseEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" })).toMatchObject({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" });
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL.*grpc is not supported/);
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/jsn" })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_PROTOCOL/);
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/);
  });
});

// The OTLP header variable's format (as the OpenTelemetry exporters read OTEL_EXPORTER_OTLP_HEADERS).
test.each([
  ["api-key=abc", { "api-key": "abc" }],
  ["a=1, b = two ", { a: "1", b: "two" }],
  ["Authorization=Basic%20dXNlcjpwYXNz", { Authorization: "Basic dXNlcjpwYXNz" }],
  ["x=a=b", { x: "a=b" }],
  ["", {}],
  ["novalue,=orphan", {}],
])("parseOtlpHeaders(%j)", (text, headers) => {
  expect(parseOtlpHeaders(text)).toEqual(headers);
});
