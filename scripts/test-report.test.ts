import { writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { playwrightCounts, playwrightFailures, vitestCounts, vitestFailures } from "./test-report";

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

describe("failures named for the summary", () => {
  const root = process.cwd();
  test("vitest: each failed test with its file, first message line and its frame in the repository; a file that did not load", () => {
    const report = write("failures.json", {
      testResults: [
        {
          name: `${root}/lib/a.db.test.ts`,
          status: "failed",
          assertionResults: [
            { fullName: "tallies pass", status: "passed", failureMessages: [] },
            {
              fullName: "tallies › follow a re-score",
              status: "failed",
              failureMessages: [`AssertionError: expected 3 to be 4\n    at ${root}/node_modules/vitest/x.js:1:1\n    at ${root}/lib/a.db.test.ts:42:7`],
            },
          ],
        },
        { name: `${root}/lib/b.db.test.ts`, status: "failed", message: "\nSyntaxError: Unexpected token", assertionResults: [] },
        { name: `${root}/lib/c.test.ts`, status: "passed", assertionResults: [{ fullName: "ok", status: "passed" }] },
      ],
    });
    expect(vitestFailures(report)).toEqual([
      { where: "lib/a.db.test.ts › tallies › follow a re-score", reason: "AssertionError: expected 3 to be 4 (at lib/a.db.test.ts:42)" },
      { where: "lib/b.db.test.ts", reason: "SyntaxError: Unexpected token" },
    ]);
  });

  test("playwright: unexpected tests under their describe blocks, not flaky ones; global errors", () => {
    const report = write("pw-failures.json", {
      suites: [
        {
          title: "leaderboard.spec.ts",
          file: "leaderboard.spec.ts",
          specs: [{ title: "top level", file: "leaderboard.spec.ts", line: 5, tests: [{ status: "flaky", results: [{ error: { message: "first try" } }, {}] }] }],
          suites: [
            {
              title: "leaderboard of runs",
              file: "leaderboard.spec.ts",
              specs: [{ title: "ranks", file: "leaderboard.spec.ts", line: 60, tests: [{ status: "unexpected", results: [{ error: { message: "\u001b[31mError: timed out\u001b[39m\nmore" } }] }] }],
            },
          ],
        },
      ],
      errors: [{ message: "webServer exited early" }],
    });
    expect(playwrightFailures(report)).toEqual([
      { where: "leaderboard.spec.ts:60 › leaderboard of runs › ranks", reason: "Error: timed out" },
      { where: "(global)", reason: "webServer exited early" },
    ]);
  });

  test("a missing report names nothing", () => {
    expect(vitestFailures(path.join(dir, "absent.json"))).toEqual([]);
    expect(playwrightFailures(path.join(dir, "absent.json"))).toEqual([]);
  });
});
