import { describe, expect, test } from "vitest";
import { compareTimestamps, parseTimestamp, timestampDate } from "./pandas-timestamp";
import { PythonError } from "./python-error";

const iso = (text: string) => {
  const ts = parseTimestamp(text);
  return ts === null ? null : new Date(ts.wallMs).toISOString().slice(0, 19) + (ts.offsetMinutes === null ? "" : `@${ts.offsetMinutes}`);
};

describe("parseTimestamp accepts what pandas commonly accepts", () => {
  test.each([
    ["2023-11-30", "2023-11-30T00:00:00"],
    ["2023-11-30 10:00:00", "2023-11-30T10:00:00"],
    ["2023-11-30T10:00", "2023-11-30T10:00:00"],
    [" 2023-11-30 9:05:07.5 ", "2023-11-30T09:05:07"],
    ["2023/11/30", "2023-11-30T00:00:00"],
    ["20231130", "2023-11-30T00:00:00"],
    ["2023-11", "2023-11-01T00:00:00"],
    ["11/30/2023", "2023-11-30T00:00:00"],
    ["30/11/2023", "2023-11-30T00:00:00"],
    ["Nov 30, 2023", "2023-11-30T00:00:00"],
    ["30 November 2023 2pm", "2023-11-30T14:00:00"],
    ["Thursday, November 30, 2023 10:30 AM", "2023-11-30T10:30:00"],
    ["2023-11-30 12:00 am", "2023-11-30T00:00:00"],
    ["2023-11-30T10:00:00Z", "2023-11-30T10:00:00@0"],
    ["2023-11-30 10:00:00-05:00", "2023-11-30T10:00:00@-300"],
    ["NaT", null],
    ["nan", null],
  ])("%j → %s", (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  test.each(["next tuesday", "None", "2023-13-01", "2023-02-30", "2023-11-30 25:00", "tomorrow"])("%j raises DateParseError", (text) => {
    expect(() => parseTimestamp(text)).toThrow(PythonError);
    try {
      parseTimestamp(text);
    } catch (error) {
      expect((error as PythonError).errorType).toBe("DateParseError");
    }
  });
});

describe("comparisons", () => {
  test.each([
    ["2023-11-30 10:00:00", "2023-11-30", 1],
    ["2023-11-30", "2023-11-30 00:00:00", 0],
    ["2023-11-30T10:00:00Z", "2023-11-30T11:00:00+01:00", 0],
  ])("compare(%j, %j) = %d", (a, b, sign) => {
    expect(compareTimestamps(parseTimestamp(a), parseTimestamp(b))).toBe(sign);
  });

  test("NaT compares as nothing; naive vs aware raises TypeError", () => {
    expect(compareTimestamps(parseTimestamp("NaT"), parseTimestamp("2023-11-30"))).toBeNull();
    expect(() => compareTimestamps(parseTimestamp("2023-11-30"), parseTimestamp("2023-11-30Z"))).toThrow(/tz-naive and tz-aware/);
  });

  test("date() keeps the wall-clock date", () => {
    expect(timestampDate(parseTimestamp("2023-11-30T23:30:00-05:00"))).toBe("2023-11-30");
  });
});
