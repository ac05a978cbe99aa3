// The OTLP header variable's format (as the OpenTelemetry exporters read OTEL_EXPORTER_OTLP_HEADERS).
import { expect, test } from "vitest";
import { parseOtlpHeaders } from "./tracing";

test.each([
  ["api-key=abc", { "api-key": "abc" }],
  ["a=1, b = two ", { a: "1", b: "two" }],
  ["Authorization=Basic%20dXNlcjpwYXNz", { Authorization: "Basic dXNlcjpwYXNz" }],
  ["x=a=b", { x: "a=b" }],
  ["", {}],
  ["novalue,=orphan", {}],
])("%j", (text, headers) => {
  expect(parseOtlpHeaders(text)).toEqual(headers);
});
