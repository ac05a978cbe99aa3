// A finished run keeps its explanation (RunExplanation): what the run page and a configuration page
// show equals a recomputation over the run's results by the stated rule (every scored result's primary
// cause; tool calls grouped by tool, outcome and short observation), it is read from the run afterwards,
// a re-score clears it, and a run still moving keeps nothing. Data: the paper's GPT-4 and Claude-2
// analytics results under a model name of this file's own (a run no other test file touches).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { rescoreRun } from "@/lib/runs/rescore";
import { primaryCauseCounts, storedPrimaryCause } from "@/lib/metrics/primary-causes";
import { configKeyOfRun, getConfiguration } from "./config-leaderboard";
import { getPooledPrimaryCauses, getRunExplanation, getToolCallGroupsByRun, loadStoredAnswers } from "./primary-causes";

let context: RunsTestContext;
let dir: string;
const runs = { gpt4: "", claude: "" };

beforeAll(async () => {
  context = await setUpRunsTest();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-explain-"));
  const copy = async (source: string, model: string) => {
    const target = path.join(dir, model, "analytics", source.replace(/^[^_]+/, model));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(path.join(DATA_DIR, "v1/data/results/analytics", source), target);
    return (await importRecordedResults(context.db, { resultsPath: path.dirname(path.dirname(target)), groundTruth: "v1" }))[0]!.runId;
  };
  runs.gpt4 = await copy("gpt-4_all_2024-03-23_21-56-59.csv", "explain-test-a");
  runs.claude = await copy("claude-2_all_2024-03-23_23-37-01.csv", "explain-test-b");
}, 300_000);

afterAll(async () => {
  await tearDownRunsTest(context);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** The recount: each scored result's primary cause, counted by id. */
async function recount(runIds: readonly string[]) {
  const runRows = await context.db.run.findMany({ where: { id: { in: [...runIds] } }, select: { id: true, source: true } });
  const answers = [...(await loadStoredAnswers(context.db, runRows)).values()].flat();
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const cause = storedPrimaryCause(answer);
    if (cause) counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return { wrong: answers.filter((answer) => answer.correct !== true).length, counts };
}

const countsOf = (causes: readonly { id: string; count: number }[]) => new Map(causes.filter((cause) => cause.count > 0).map((cause) => [cause.id, cause.count]));

describe("a run's explanation", () => {
  test("equals the recount, and is kept on the finished run with its fingerprint", async () => {
    await context.db.runExplanation.deleteMany({ where: { runId: runs.gpt4 } });
    const stamp = async () => (await context.db.leaderboardStamp.findUnique({ where: { id: 1 } }))?.version;
    const before = await stamp();
    const explanation = await getRunExplanation(context.db, runs.gpt4);
    // Keeping it changes no board: the leaderboard stamp (bumped by any write to a counted run) stays.
    expect(await stamp()).toBe(before);
    const expected = await recount([runs.gpt4]);
    expect(explanation.wrong).toBe(expected.wrong);
    expect(explanation.wrong).toBeGreaterThan(0);
    expect(countsOf(explanation.causes)).toEqual(expected.counts);
    expect(explanation.causes.map((cause) => cause.id)).toEqual(primaryCauseCounts([]).map((cause) => cause.id));
    expect(explanation.toolCallGroups).toEqual((await getToolCallGroupsByRun(context.db, [runs.gpt4])).get(runs.gpt4));
    const kept = await context.db.runExplanation.findUniqueOrThrow({ where: { runId: runs.gpt4 } });
    expect(kept.data).toMatchObject({ wrong: expected.wrong, fingerprint: expect.stringContaining("|completed|") });
  });

  test("is read from the run once kept (a changed kept value shows), and a re-score clears it", async () => {
    await getRunExplanation(context.db, runs.gpt4);
    const { data: explainCache } = await context.db.runExplanation.findUniqueOrThrow({ where: { runId: runs.gpt4 } });
    await context.db.runExplanation.update({ where: { runId: runs.gpt4 }, data: { data: { ...(explainCache as object), wrong: 12345 } } });
    expect((await getRunExplanation(context.db, runs.gpt4)).wrong).toBe(12345);
    await rescoreRun(context.db, { runId: runs.gpt4, revision: "2024" });
    expect(await context.db.runExplanation.findUnique({ where: { runId: runs.gpt4 } })).toBeNull();
    expect((await getRunExplanation(context.db, runs.gpt4)).wrong).toBe((await recount([runs.gpt4])).wrong);
  });

  test("a kept value from another state of the run (its counters moved) is recomputed", async () => {
    await getRunExplanation(context.db, runs.claude);
    const { data: explainCache } = await context.db.runExplanation.findUniqueOrThrow({ where: { runId: runs.claude } });
    const fingerprint = String((explainCache as { fingerprint: string }).fingerprint).replace("|completed|", "|running|");
    await context.db.runExplanation.update({ where: { runId: runs.claude }, data: { data: { ...(explainCache as object), fingerprint, wrong: 12345 } } });
    expect((await getRunExplanation(context.db, runs.claude)).wrong).toBe((await recount([runs.claude])).wrong);
  });

  test("a run still moving is explained afresh and keeps nothing", async () => {
    await context.db.run.update({ where: { id: runs.claude }, data: { status: "running" } });
    await context.db.runExplanation.deleteMany({ where: { runId: runs.claude } });
    try {
      expect((await getRunExplanation(context.db, runs.claude)).wrong).toBe((await recount([runs.claude])).wrong);
      expect(await context.db.runExplanation.findUnique({ where: { runId: runs.claude } })).toBeNull();
    } finally {
      await context.db.run.update({ where: { id: runs.claude }, data: { status: "completed" } });
    }
  });

  test("a configuration's pooled causes are its runs' counts added up, kept or not", async () => {
    await context.db.runExplanation.deleteMany({ where: { runId: runs.claude } });
    const pooled = await getPooledPrimaryCauses(context.db, [runs.gpt4, runs.claude]);
    const expected = await recount([runs.gpt4, runs.claude]);
    expect(pooled.wrong).toBe(expected.wrong);
    expect(countsOf(pooled.causes)).toEqual(expected.counts);
  });

  test("a configuration page's causes are its runs' recount, kept under the board stamp until a run changes", async () => {
    const key = await configKeyOfRun(runs.gpt4);
    const first = await getConfiguration(key!);
    const runIds = first!.runs.map((run) => run.id);
    expect(runIds).toContain(runs.gpt4);
    const expected = await recount(runIds);
    expect(first!.causes.wrong).toBe(expected.wrong);
    expect(countsOf(first!.causes.causes)).toEqual(expected.counts);
    // A planted explanation bumps no stamp: the page keeps what it computed.
    const { data } = await context.db.runExplanation.findUniqueOrThrow({ where: { runId: runs.gpt4 } });
    await context.db.runExplanation.update({ where: { runId: runs.gpt4 }, data: { data: { ...(data as object), wrong: 12345 } } });
    expect((await getConfiguration(key!))!.causes.wrong).toBe(expected.wrong);
    // A re-score writes the run (the stamp moves) and drops its explanation: the page recounts.
    await rescoreRun(context.db, { runId: runs.gpt4, revision: "2024" });
    expect((await getConfiguration(key!))!.causes.wrong).toBe((await recount(runIds)).wrong);
  });
});
