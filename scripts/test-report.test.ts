import { writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { playwrightCounts, vitestCounts } from "./test-report";

const dir = mkdtempSync(path.join(os.tmpdir(), "test-report-"));
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe("vitestCounts", () => {
  test.each([
    ["all passed", { numPassedTests: 12, numFailedTests: 0, numFailedTestSuites: 0 }, { passed: 12, failed: 0 }],
    ["some failed", { numPassedTests: 10, numFailedTests: 2, numFailedTestSuites: 1 }, { passed: 10, failed: 2 }],
    ["a file that failed to load counts as a failure", { numPassedTests: 5, numFailedTests: 0, numFailedTestSuites: 1 }, { passed: 5, failed: 1 }],
  ])("%s", (name, report, expected) => {
    expect(vitestCounts(write(`${name}.json`, report))).toEqual(expected);
  });

  test("a missing report gives null", () => {
    expect(vitestCounts(path.join(dir, "absent.json"))).toBeNull();
  });
});

describe("playwrightCounts", () => {
  test.each([
    ["all expected", { stats: { expected: 6, unexpected: 0, flaky: 0 }, errors: [] }, { passed: 6, failed: 0 }],
    ["flaky passes, unexpected fails", { stats: { expected: 4, unexpected: 1, flaky: 2 }, errors: [] }, { passed: 6, failed: 1 }],
    ["a global error (webServer did not start) fails", { stats: { expected: 0, unexpected: 0 }, errors: [{ message: "x" }] }, { passed: 0, failed: 1 }],
  ])("%s", (name, report, expected) => {
    expect(playwrightCounts(write(`pw-${name}.json`, report))).toEqual(expected);
  });
});
