// Run management against the leaderboards: after archive, restore, test marking and delete, every
// maintained figure (RunTally, RunBoard, ConfigTaskTally, ConfigSummary) equals a recount written
// here from the remaining runs' TaskResult rows, by the stated rules (a run counts when completed or
// recorded and not archived; a test run pools apart), not through the product's tally code.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../test-support/db";
import { getConfigLeaderboard } from "@/lib/queries/config-leaderboard";
import { deleteRuns, planDeletion, RunManageError, renameRun, setRunNote, setRunsArchived, setRunsTest, tagRuns } from "./manage";

let context: RunsTestContext;
const actor = { userId: null, label: "tester@example.com" };

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

/** A run with `taskCount` results spread over domains (every 3rd correct), each with two steps. */
async function makeRun(options: { model: string; status?: "completed" | "running" | "cancelled"; taskCount?: number; offset?: number }) {
  const dataset = await context.db.dataset.findFirstOrThrow({ where: { kind: "official" } });
  const tasks = await context.db.task.findMany({ where: { version: { name: "v1" } }, orderBy: { position: "asc" }, skip: options.offset ?? 0, take: options.taskCount ?? 40 });
  const run = await context.db.run.create({
    data: {
      name: `manage ${options.model} ${randomUUID().slice(0, 8)}`, datasetId: dataset.id, groundTruth: "v1", source: "launched", agent: "react",
      provider: "openai", model: options.model, toolSet: "all", params: {}, status: "running",
    },
  });
  for (const [index, task] of tasks.entries()) {
    await context.db.taskResult.create({
      data: {
        runId: run.id, taskId: task.id, status: index % 5 === 4 ? "pending" : "done", correct: index % 3 === 0, sideEffects: index % 4 === 0, exactMatch: index % 6 === 0,
        steps: { create: [{ index: 0, kind: "model" }, { index: 1, kind: "final" }] },
      },
    });
  }
  if ((options.status ?? "completed") !== "running") {
    await context.db.taskResult.updateMany({ where: { runId: run.id, status: "pending" }, data: { status: "skipped" } });
    await context.db.run.update({ where: { id: run.id }, data: { status: options.status ?? "completed" } });
  }
  return run;
}

type Config = string;

/** This file's runs (other files' runs in the same database follow rules this recount does not restate). */
const MODEL_PREFIX = "gpt-manage-";
const mine = { model: { startsWith: MODEL_PREFIX } };

/** Every maintained figure, recounted from TaskResult and Run rows. */
async function recount() {
  const runs = await context.db.run.findMany({ where: mine, select: { id: true, status: true, source: true, archivedAt: true, testRun: true, datasetId: true, groundTruth: true, versionId: true, protocol: true, scoringRevision: true, model: true, agent: true, toolSet: true } });
  const results = await context.db.taskResult.findMany({ where: { status: "done", run: mine }, select: { runId: true, taskId: true, correct: true, sideEffects: true, exactMatch: true, error: true, task: { select: { domain: true, actionCount: true } } } });
  const configOf = new Map<string, Config | null>();
  for (const run of runs) {
    const counted = (run.status === "completed" || run.source === "imported") && run.archivedAt === null;
    const parts: unknown[] = [run.datasetId, run.groundTruth, run.versionId, run.protocol, run.scoringRevision, run.model, run.agent, run.toolSet];
    configOf.set(run.id, counted ? JSON.stringify(run.testRun ? [...parts, "test"] : parts) : null);
  }
  const tallies: Record<string, number[]> = {};
  const boards: Record<string, { n: number; correct: number }> = {};
  const configTasks: Record<string, { trials: number; correct: number }> = {};
  const summaries: Record<string, { runs: number; results: number; correct: number }> = {};
  for (const row of results) {
    const tally = (tallies[`${row.runId}|${row.task.domain}|${row.task.actionCount}`] ??= [0, 0, 0, 0, 0]);
    tally[0]! += 1;
    tally[1]! += row.correct ? 1 : 0;
    tally[2]! += row.sideEffects ? 1 : 0;
    tally[3]! += row.exactMatch ? 1 : 0;
    tally[4]! += row.error === null ? 0 : 1;
    const board = (boards[row.runId] ??= { n: 0, correct: 0 });
    board.n += 1;
    board.correct += row.correct ? 1 : 0;
    const config = configOf.get(row.runId);
    if (!config) continue;
    const cell = (configTasks[`${config}|${row.taskId}`] ??= { trials: 0, correct: 0 });
    cell.trials += 1;
    cell.correct += row.correct ? 1 : 0;
  }
  for (const run of runs) {
    const config = configOf.get(run.id);
    if (!config) continue;
    const summary = (summaries[config] ??= { runs: 0, results: 0, correct: 0 });
    summary.runs += 1;
    summary.results += boards[run.id]?.n ?? 0;
    summary.correct += boards[run.id]?.correct ?? 0;
  }
  return { tallies, boards, configTasks, summaries };
}

/** The same figures as the database keeps them (configuration keys normalised to JSON text). */
async function maintained() {
  const normal = (key: string) => JSON.stringify(JSON.parse(key));
  const tallies = Object.fromEntries((await context.db.runTally.findMany({ where: { n: { gt: 0 }, run: mine } })).map((t) => [`${t.runId}|${t.domain}|${t.actionCount}`, [t.n, t.correct, t.sideEffects, t.exactMatch, t.errors]]));
  const boards = Object.fromEntries((await context.db.runBoard.findMany({ where: { done: { gt: 0 }, run: mine } })).map((b) => [b.runId, { n: b.n, correct: b.correct }]));
  const configTasks = Object.fromEntries(
    (await context.db.configTaskTally.findMany({ where: { trials: { not: 0 }, configKey: { contains: MODEL_PREFIX } } })).map((c) => [`${normal(c.configKey)}|${c.taskId}`, { trials: c.trials, correct: c.correct }]),
  );
  const summaries = Object.fromEntries(
    (await context.db.configSummary.findMany({ where: { runs: { gt: 0 }, configKey: { contains: MODEL_PREFIX } } })).map((s) => {
      const total = (s.total ?? { results: 0, correct: 0 }) as { results: number; correct: number };
      return [normal(s.configKey), { runs: s.runs, results: total.results, correct: total.correct }];
    }),
  );
  return { tallies, boards, configTasks, summaries };
}

async function expectFiguresEqualRecount() {
  expect(await maintained()).toEqual(await recount());
}

describe("run management keeps every leaderboard figure equal to a recount", () => {
  test("archive, restore, test marking and delete", async () => {
    const a = await makeRun({ model: "gpt-manage-a" });
    const b = await makeRun({ model: "gpt-manage-a", offset: 20 }); // same configuration as a
    const c = await makeRun({ model: "gpt-manage-c", offset: 5 });
    await expectFiguresEqualRecount();

    expect(await setRunsArchived(context.db, actor, [a.id], true)).toBe(1);
    await expectFiguresEqualRecount();
    expect(await context.db.runConfigKey.findUnique({ where: { runId: a.id } })).toMatchObject({ configKey: null });

    expect(await setRunsArchived(context.db, actor, [a.id], false)).toBe(1);
    await expectFiguresEqualRecount();

    await setRunsTest(context.db, actor, [b.id], true);
    await expectFiguresEqualRecount();
    await setRunsTest(context.db, actor, [b.id], false);
    await expectFiguresEqualRecount();

    const plan = await planDeletion(context.db, [a.id, c.id]);
    expect(plan.runs.map((run) => run.name).sort()).toEqual([a.name, c.name].sort());
    expect(plan.runs.find((run) => run.id === a.id)).toMatchObject({ results: 40, steps: 80 });
    await deleteRuns(context.db, actor, [a.id, c.id]);
    await expectFiguresEqualRecount();
    expect(await context.db.run.count({ where: { id: { in: [a.id, c.id] } } })).toBe(0);
    expect(await context.db.taskResult.count({ where: { runId: { in: [a.id, c.id] } } })).toBe(0);
    const orphanSteps = await context.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Step" s LEFT JOIN "TaskResult" x ON x.id = s."resultId" WHERE x.id IS NULL`;
    expect(orphanSteps[0]?.n).toBe(0);
  });

  test("deleting a running run is refused and removes nothing", async () => {
    const running = await makeRun({ model: "gpt-manage-running", status: "running", taskCount: 10 });
    const done = await makeRun({ model: "gpt-manage-done", taskCount: 10 });
    const refused = deleteRuns(context.db, actor, [done.id, running.id]);
    await expect(refused).rejects.toBeInstanceOf(RunManageError);
    await expect(refused).rejects.toMatchObject({ code: "active" });
    await expect(refused).rejects.toThrow(/cancel it first/);
    expect(await context.db.run.count({ where: { id: { in: [running.id, done.id] } } })).toBe(2);
    expect(await context.db.taskResult.count({ where: { runId: running.id } })).toBe(10);
    // Gone afterwards: its pending results on the openai endpoint would be claimed by the next file's worker
    // (the db test files share one database), and their requests reach that file's mock.
    await context.db.run.deleteMany({ where: { id: { in: [running.id, done.id] } } });
  });

  test("archive, restore and delete are in the audit log with the user", async () => {
    const run = await makeRun({ model: "gpt-manage-audit", taskCount: 5 });
    const user = { userId: null, label: `auditor-${randomUUID().slice(0, 6)}@example.com` };
    await setRunsArchived(context.db, user, [run.id], true);
    await setRunsArchived(context.db, user, [run.id], false);
    await deleteRuns(context.db, user, [run.id]);
    const events = await context.db.auditEvent.findMany({ where: { actor: user.label }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => [event.action, event.target])).toEqual([
      ["run.archive", run.id],
      ["run.restore", run.id],
      ["run.delete", run.id],
    ]);
    expect(events[2]?.detail).toMatchObject({ name: run.name, results: 5, steps: 10 });
  });

  test("rename, note and tags", async () => {
    const run = await makeRun({ model: "gpt-manage-tags", taskCount: 3 });
    await renameRun(context.db, actor, run.id, "  Baseline, temperature 0  ");
    await setRunNote(context.db, actor, run.id, "first try");
    await tagRuns(context.db, actor, [run.id], { add: ["baseline", "t0, sweep"] });
    await tagRuns(context.db, actor, [run.id], { add: ["baseline"], remove: ["sweep"] });
    expect(await context.db.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ name: "Baseline, temperature 0", note: "first try", tags: ["baseline", "t0"] });
    await expect(renameRun(context.db, actor, run.id, "   ")).rejects.toThrow();
    await expect(tagRuns(context.db, actor, ["no-such-run"], { add: ["x"] })).rejects.toMatchObject({ code: "not_found" });
  });

  test("the configuration board's tag filter keeps the configurations that have a run with the tag", async () => {
    const tag = `cfg-${randomUUID().slice(0, 8)}`;
    const tagged = await makeRun({ model: `gpt-manage-tagged-${tag}`, taskCount: 4 });
    await makeRun({ model: `gpt-manage-untagged-${tag}`, taskCount: 4 });
    await tagRuns(context.db, actor, [tagged.id], { add: [tag] });
    const board = (filter: { tag?: string }) => getConfigLeaderboard({ includePartial: true, sort: "label", direction: "asc", ...filter });
    const all = (await board({})).rows.map((row) => row.label);
    expect(all).toEqual(expect.arrayContaining([`gpt-manage-tagged-${tag}`, `gpt-manage-untagged-${tag}`]));
    const { rows, options } = await board({ tag });
    expect(rows.map((row) => row.label)).toEqual([`gpt-manage-tagged-${tag}`]);
    expect(options.tags).toContain(tag);
  });

  test("a delete racing verdict writes leaves no orphan rows and figures equal to a recount", async () => {
    const run = await makeRun({ model: "gpt-manage-race", status: "cancelled", taskCount: 60 });
    const results = await context.db.taskResult.findMany({ where: { runId: run.id }, select: { id: true, taskId: true } });
    const spare = await context.db.task.findMany({ where: { version: { name: "v1" } }, orderBy: { position: "desc" }, take: 20 });
    // Verdict rewrites, new results and steps of the run, while it is deleted.
    const writes = [
      ...results.map((result, index) =>
        context.db.taskResult.update({ where: { id: result.id }, data: { status: "done", correct: index % 2 === 0, steps: { create: { index: 9, kind: "final" } } } }),
      ),
      ...spare.map((task) => context.db.taskResult.create({ data: { runId: run.id, taskId: task.id, trial: 1, status: "done", correct: true } })),
    ];
    const [deleted, ...outcomes] = await Promise.allSettled([deleteRuns(context.db, actor, [run.id]), ...writes]);
    expect(deleted.status, deleted.status === "rejected" ? String(deleted.reason) : "").toBe("fulfilled");
    // Writes that lost the race fail (the run or result is gone); none may leave a row behind.
    expect(outcomes.length).toBe(writes.length);
    expect(await context.db.taskResult.count({ where: { runId: run.id } })).toBe(0);
    const [orphans] = await context.db.$queryRaw<{ results: number; steps: number; tallies: number; boards: number; keys: number }[]>`
      SELECT (SELECT count(*) FROM "TaskResult" x LEFT JOIN "Run" r ON r.id = x."runId" WHERE r.id IS NULL)::int AS results,
             (SELECT count(*) FROM "Step" s LEFT JOIN "TaskResult" x ON x.id = s."resultId" WHERE x.id IS NULL)::int AS steps,
             (SELECT count(*) FROM "RunTally" t LEFT JOIN "Run" r ON r.id = t."runId" WHERE r.id IS NULL)::int AS tallies,
             (SELECT count(*) FROM "RunBoard" b LEFT JOIN "Run" r ON r.id = b."runId" WHERE r.id IS NULL)::int AS boards,
             (SELECT count(*) FROM "RunConfigKey" c LEFT JOIN "Run" r ON r.id = c."runId" WHERE r.id IS NULL)::int AS keys`;
    expect(orphans).toEqual({ results: 0, steps: 0, tallies: 0, boards: 0, keys: 0 });
    await expectFiguresEqualRecount();
  });
});
