// `workbench plan --runs a b` takes the discordance and base accuracy two runs show on their shared
// (task, trial) cells: it must equal a recount from the stored results (two of the paper's recorded runs,
// one domain each).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { resolveDataRoot } from "@/lib/workbench/datasets";
import { readPairDiscordance } from "./pair-discordance";

let context: RunsTestContext;
let runA: string;
let runB: string;

beforeAll(async () => {
  context = await setUpRunsTest();
  const results = path.join(resolveDataRoot(DATA_DIR), "v1", "data", "results", "email");
  const [a] = await importRecordedResults(context.db, { resultsPath: path.join(results, "gpt-4_all_2024-03-21_15-21-12.csv"), groundTruth: "v1", restoreDeleted: true });
  const [b] = await importRecordedResults(context.db, { resultsPath: path.join(results, "claude-2_all_2024-03-24_01-57-07.csv"), groundTruth: "v1", restoreDeleted: true });
  runA = a!.runId;
  runB = b!.runId;
}, 300_000);

afterAll(async () => {
  await tearDownRunsTest(context);
});

/** From the rows themselves: cells both runs have done, and where exactly one is right. */
async function recount() {
  const rows = await context.db.taskResult.findMany({ where: { runId: { in: [runA, runB] }, status: "done" }, select: { runId: true, taskId: true, trial: true, correct: true } });
  const cell = (runId: string) => new Map(rows.filter((row) => row.runId === runId).map((row) => [`${row.taskId}#${row.trial}`, row.correct === true] as const));
  const [a, b] = [cell(runA), cell(runB)];
  const shared = [...a.keys()].filter((key) => b.has(key));
  const discordant = shared.filter((key) => a.get(key) !== b.get(key)).length;
  const accuracy = (verdicts: Map<string, boolean>) => shared.filter((key) => verdicts.get(key)).length / shared.length;
  return { shared: shared.length, discordance: discordant / shared.length, baseAccuracy: Math.min(accuracy(a), accuracy(b)) };
}

test("the observed discordance and base accuracy equal a recount", async () => {
  const expected = await recount();
  expect(expected.shared).toBe(90); // the email domain's 90 tasks, one trial
  const observed = await readPairDiscordance(context.db, runA, runB);
  expect(observed.shared).toBe(expected.shared);
  expect(observed.discordance).toBeCloseTo(expected.discordance, 12);
  expect(observed.baseAccuracy).toBeCloseTo(expected.baseAccuracy, 12);
});

test("workbench plan --runs prints the recount's discordance and plans with it", async () => {
  const expected = await recount();
  const repoRoot = path.resolve(import.meta.dirname, "..", "..");
  const run = spawnSync(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/workbench.ts", "plan", "--difference", "0.02", "--runs", runA, runB], { cwd: repoRoot, encoding: "utf8", env: process.env });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain(`observed on ${expected.shared} shared (task, trial) cells: discordance ${expected.discordance.toFixed(4)}`);
  expect(run.stdout).toContain(`base accuracy ${expected.baseAccuracy.toFixed(4)}`);
  expect(run.stdout).toContain(`paired: n = (1.9600 × √${expected.discordance} + 0.8416`);
});

test("a run that does not exist is one clear line and a non-zero exit", () => {
  const repoRoot = path.resolve(import.meta.dirname, "..", "..");
  const run = spawnSync(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/workbench.ts", "plan", "--difference", "0.02", "--runs", runA, "no-such-run"], { cwd: repoRoot, encoding: "utf8", env: process.env });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain("no run no-such-run");
});
