// Reads the pass/fail counts of a suite from its JSON report (vitest's or Playwright's).
import { existsSync, readFileSync } from "node:fs";

export type SuiteCounts = { passed: number; failed: number };

/** A JSON report, or null when the suite wrote none (it crashed before reporting). */
function readReport<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

type VitestReport = { numPassedTests?: number; numFailedTests?: number; numFailedTestSuites?: number };
type PlaywrightReport = { stats?: { expected?: number; unexpected?: number; flaky?: number }; errors?: unknown[] };

/**
 * Counts from a vitest JSON report. A suite that fails to load (syntax error, failing beforeAll) has
 * failed tests or suites but may report zero failed tests: count each such file as one failure.
 */
export function vitestCounts(file: string): SuiteCounts | null {
  const report = readReport<VitestReport>(file);
  if (!report) return null;
  const failedTests = report.numFailedTests ?? 0;
  return { passed: report.numPassedTests ?? 0, failed: failedTests > 0 ? failedTests : (report.numFailedTestSuites ?? 0) };
}

/** Counts from a Playwright JSON report; flaky tests passed on retry; global errors count as failures. */
export function playwrightCounts(file: string): SuiteCounts | null {
  const report = readReport<PlaywrightReport>(file);
  if (!report) return null;
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  };
}

/** One failed test: where it is and the first line of why, printed again at the end of `npm test`. */
export interface FailedTest {
  readonly where: string;
  readonly reason: string;
}

/** The message's first line, and the first stack frame in the repository's own files (not node_modules). */
function firstLine(text: string | undefined): string {
  const plain = (text ?? "").replace(/\x1b\[[0-9;]*m/g, "");
  const line = plain.split("\n").map((part) => part.trim()).find((part) => part.length > 0) ?? "(no message)";
  const root = process.cwd() + "/";
  const frame = [...plain.matchAll(/(\/[^\s()]+\.tsx?:\d+):\d+/g)].map((match) => match[1] as string).find((at) => at.startsWith(root) && !at.includes("/node_modules/"));
  return frame ? `${line} (at ${frame.replace(root, "")})` : line;
}

type VitestFileResult = {
  name?: string;
  status?: string;
  message?: string;
  assertionResults?: { fullName?: string; title?: string; status?: string; failureMessages?: string[] }[];
};

/** The failed tests of a vitest JSON report, and each file that failed without a failed test (it did not load). */
export function vitestFailures(file: string): FailedTest[] {
  const report = readReport<{ testResults?: VitestFileResult[] }>(file);
  if (!report) return [];
  const root = process.cwd() + "/";
  return (report.testResults ?? []).flatMap((result) => {
    const where = (result.name ?? "?").replace(root, "");
    const failed = (result.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failed.length === 0) return result.status === "failed" ? [{ where, reason: firstLine(result.message) }] : [];
    return failed.map((test) => ({ where: `${where} › ${test.fullName ?? test.title ?? "?"}`, reason: firstLine(test.failureMessages?.[0]) }));
  });
}

type PlaywrightSuite = {
  title?: string;
  file?: string;
  specs?: { title?: string; file?: string; line?: number; tests?: { status?: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
};

/** The unexpected tests of a Playwright JSON report (flaky ones passed on retry and are not listed), and global errors. */
export function playwrightFailures(file: string): FailedTest[] {
  const report = readReport<{ suites?: PlaywrightSuite[]; errors?: { message?: string }[] }>(file);
  if (!report) return [];
  const failures: FailedTest[] = [];
  // Top-level suites are the spec files (their title is the file name); nested ones are describe blocks.
  const visit = (suite: PlaywrightSuite, titles: string[], isFile: boolean) => {
    const path = !isFile && suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const error = test.results?.map((result) => result.error?.message).find(Boolean);
        failures.push({ where: `${spec.file ?? suite.file ?? "?"}:${spec.line ?? "?"} › ${[...path, spec.title].join(" › ")}`, reason: firstLine(error) });
      }
    }
    for (const child of suite.suites ?? []) visit(child, path, false);
  };
  for (const suite of report.suites ?? []) visit(suite, [], true);
  for (const error of report.errors ?? []) failures.push({ where: "(global)", reason: firstLine(error.message) });
  return failures;
}
