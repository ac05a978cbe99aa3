// The `?format=` rule every export route shares: absent is the default, a known value is itself,
// anything else is a 400 that names the known formats.
import { expect, test } from "vitest";
import { exportFormatOf, unknownFormatResponse } from "./export-format";

const KNOWN = ["csv", "json", "inspect"] as const;

test.each([
  ["", "csv"],
  ["?format=", "csv"],
  ["?format=json", "json"],
  ["?format=inspect", "inspect"],
  ["?format=otlp", null],
  ["?format=JSON", null],
  ["?format=csv%20", null],
])("%j → %j", (query, format) => {
  expect(exportFormatOf(new URLSearchParams(query), KNOWN, "csv")).toBe(format);
});

test("the 400 names what was asked and every known format", async () => {
  const response = unknownFormatResponse(new URLSearchParams("?format=otlp"), KNOWN);
  expect(response.status).toBe(400);
  expect(await response.text()).toBe('Unknown format "otlp": use one of csv, json, inspect\n');
});
