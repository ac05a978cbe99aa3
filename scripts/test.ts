#!/usr/bin/env tsx
// `npm test`: typecheck, vitest unit project, then, with a fresh throwaway PostgreSQL, the vitest db
// project and Playwright e2e against a production build. Ends with one plain line
// `N passed, N failed` summing every suite, and exits non-zero on any failure.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withDatabase } from "./db/connection";
import { openDatabase } from "./db/database-session";
import { ensureDatabase } from "./db/ensure-database";
import { findFreePort } from "./db/free-port";
import { deployMigrations } from "./db/migrate-commands";
import { runForwardingSignals } from "./db/run-command";
import { playwrightCounts, playwrightFailures, vitestCounts, vitestFailures, type FailedTest, type SuiteCounts } from "./test-report";
import { errorMessage } from "@/lib/errors";

const repoRoot = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(repoRoot, "node_modules", ".bin", name);
const sharedData = path.resolve(repoRoot, "..", "shared", "workbench");

type SuiteResult = { name: string; counts: SuiteCounts; failures: readonly FailedTest[] };

function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1", WORKBENCH_DATA_DIR: sharedData, ...extra };
}

/** A suite whose report is missing (crash before reporting) still counts one failure when it exits non-zero. */
function settle(name: string, exitCode: number, counts: SuiteCounts | null, failures: readonly FailedTest[] = []): SuiteResult {
  const known = counts ?? { passed: 0, failed: 0 };
  if (exitCode !== 0 && known.failed === 0) known.failed = 1;
  console.log(`\n[${name}] ${known.passed} passed, ${known.failed} failed`);
  return { name, counts: known, failures };
}

async function step(title: string) {
  console.log(`\n=== ${title} ===`);
}

async function runVitest(project: string, reports: string, env: NodeJS.ProcessEnv): Promise<SuiteResult> {
  await step(`vitest ${project}`);
  const report = path.join(reports, `${project}.json`);
  const code = await runForwardingSignals(
    [bin("vitest"), "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    { env, cwd: repoRoot },
  );
  return settle(`vitest ${project}`, code, vitestCounts(report), vitestFailures(report));
}

/**
 * Every provider key set to one random canary: e2e/secrets.spec.ts greps the build and pages for it,
 * e2e/keys.spec.ts checks none reaches a listener. The openai-compatible endpoint exists only with a
 * configured URL: a port where nothing listens. Sign-in is on with a random admin password.
 */
function secretCanaryEnv(): Record<string, string> {
  const canary = `sk-canary-${randomUUID()}`;
  return {
    WORKBENCH_SECRET_CANARY: canary,
    OPENAI_API_KEY: canary,
    ANTHROPIC_API_KEY: canary,
    OPENAI_COMPATIBLE_API_KEY: canary,
    OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
    STUDIO_ADMIN_PASSWORD: `e2e-${randomUUID()}`,
  };
}

async function runE2e(reports: string, dbEnv: NodeJS.ProcessEnv): Promise<SuiteResult> {
  // Its own build folder: a running `npm start` keeps serving .next untouched.
  const env = { ...dbEnv, NEXT_DIST_DIR: ".next-test", ...secretCanaryEnv() };
  await step("next build");
  const built = await runForwardingSignals([bin("next"), "build"], { env, cwd: repoRoot });
  if (built !== 0) return settle("e2e (build failed)", built, null);
  await step("playwright e2e");
  const report = path.join(reports, "e2e.json");
  const port = String(await findFreePort());
  const code = await runForwardingSignals([bin("playwright"), "test", "--reporter=line,json"], {
    env: { ...env, E2E_PORT: port, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    cwd: repoRoot,
  });
  return settle("playwright e2e", code, playwrightCounts(report), playwrightFailures(report));
}

async function main(): Promise<number> {
  const reports = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-test-"));
  const results: SuiteResult[] = [];
  // Unit tests and the typecheck never see a database.
  const noDb = baseEnv({ DATABASE_URL: "" });
  await step("typecheck (tsc --noEmit)");
  const typecheck = await runForwardingSignals([bin("tsc"), "--noEmit", "-p", "."], { env: noDb, cwd: repoRoot });
  results.push(settle("typecheck", typecheck, typecheck === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }));
  results.push(await runVitest("unit", reports, noDb));

  await step("starting a throwaway PostgreSQL");
  const database = await openDatabase({ throwaway: true });
  try {
    const withDb = baseEnv({ DATABASE_URL: database.url });
    results.push(await runVitest("db", reports, withDb));
    // e2e gets its own database on the same server: what the db suite leaves behind (dozens of runs,
    // generated datasets) must not decide what the pages show.
    const e2eUrl = withDatabase(database.url, "workbench_e2e");
    await ensureDatabase(e2eUrl);
    await deployMigrations({ databaseUrl: e2eUrl });
    results.push(await runE2e(reports, baseEnv({ DATABASE_URL: e2eUrl })));
  } finally {
    await database.close();
    await fs.rm(reports, { recursive: true, force: true });
  }

  // CI logs keep only the tail: name every failure here, not only in each suite's own output above.
  const failures = results.flatMap((result) => result.failures.map((failure) => ({ suite: result.name, ...failure })));
  if (failures.length > 0) {
    console.log("\nFailed:");
    for (const { suite, where, reason } of failures) console.log(`  [${suite}] ${where}\n      ${reason.slice(0, 300)}`);
  }
  console.log("\nSummary:");
  for (const { name, counts } of results) console.log(`  ${name}: ${counts.passed} passed, ${counts.failed} failed`);
  const passed = results.reduce((sum, result) => sum + result.counts.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.counts.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test: ${errorMessage(error)}`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  },
);
