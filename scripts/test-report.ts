// Reads the pass/fail counts of a suite from its JSON report (vitest's or Playwright's).
import { existsSync, readFileSync } from "node:fs";

export type SuiteCounts = { passed: number; failed: number };

type VitestReport = { numPassedTests?: number; numFailedTests?: number; numFailedTestSuites?: number };
type PlaywrightReport = { stats?: { expected?: number; unexpected?: number; flaky?: number }; errors?: unknown[] };

/**
 * Counts from a vitest JSON report. A suite that fails to load (syntax error, failing beforeAll) has
 * failed tests or suites but may report zero failed tests: count each such file as one failure.
 */
export function vitestCounts(file: string): SuiteCounts | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
  const failedTests = report.numFailedTests ?? 0;
  return { passed: report.numPassedTests ?? 0, failed: failedTests > 0 ? failedTests : (report.numFailedTestSuites ?? 0) };
}

/** Counts from a Playwright JSON report; flaky tests passed on retry; global errors count as failures. */
export function playwrightCounts(file: string): SuiteCounts | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8")) as PlaywrightReport;
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  };
}
