import { expect, test } from "vitest";
import { formatCost, formatDate, formatDuration, formatInterval, formatPercent, formatTokens } from "./format";

test.each([
  [0.4261, "42.61 %"],
  [1, "100.00 %"],
  [0, "0.00 %"],
])("formatPercent(%d)", (value, text) => {
  expect(formatPercent(value)).toBe(text);
});

test.each([
  [null, "–"],
  [{ low: 0.3897, high: 0.4633 }, "39.0–46.3"],
])("formatInterval(%j)", (interval, text) => {
  expect(formatInterval(interval)).toBe(text);
});

test.each([
  [950, "950"],
  [12_345, "12.3k"],
  [4_560_000, "4.56M"],
])("formatTokens(%i)", (value, text) => {
  expect(formatTokens(value)).toBe(text);
});

test.each([
  [0, "$0"],
  [0.0012, "$0.0012"],
  [3.456, "$3.46"],
])("formatCost(%d)", (value, text) => {
  expect(formatCost(value)).toBe(text);
});

test.each([
  [null, "–"],
  [250, "250 ms"],
  [12_300, "12.3 s"],
  [125_000, "2 min 5 s"],
])("formatDuration(%j)", (value, text) => {
  expect(formatDuration(value)).toBe(text);
});

test("formatDate is UTC and minute precision", () => {
  expect(formatDate(new Date("2024-03-21T15:21:12Z"))).toBe("2024-03-21 15:21");
});
