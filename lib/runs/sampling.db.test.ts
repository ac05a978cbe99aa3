// The launch's task sample against the imported benchmark: a stratified limit keeps each domain's share
// and is the same for the same seed (stored on the run); "first" keeps the first N in benchmark order.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../test-support/db";
import { launchRun } from "./launch";
import { claimResults } from "./claim";
import { createSqlPool } from "./sql";

let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

async function sampledTasks(runId: string) {
  const rows = await context.db.taskResult.findMany({ where: { runId }, select: { task: { select: { key: true, domain: true } } } });
  return rows.map((row) => row.task).sort((a, b) => a.key.localeCompare(b.key));
}

describe("launch sampling", () => {
  test("stratified: every domain in proportion, same seed ⇒ same tasks, the method and seed stored", async () => {
    const first = await launchRun({ agent: "noop", limit: 69, sample: "stratified", seed: 11 }, context);
    const again = await launchRun({ agent: "noop", limit: 69, sample: "stratified", seed: 11 }, context);
    const tasks = await sampledTasks(first.runId);
    expect(tasks).toHaveLength(69);
    expect(await sampledTasks(again.runId)).toEqual(tasks);
    const perDomain = Object.fromEntries(
      [...new Set(tasks.map((task) => task.domain))].map((domain) => [domain, tasks.filter((task) => task.domain === domain).length]),
    );
    const sizes = await context.db.task.groupBy({ by: ["domain"], where: { version: { name: "v1", dataset: { slug: "workbench" } } }, _count: true });
    for (const { domain, _count } of sizes) expect(Math.abs((perDomain[domain] ?? 0) - (_count * 69) / 690)).toBeLessThan(1);
    const run = await context.db.run.findUniqueOrThrow({ where: { id: first.runId } });
    expect(run.params).toMatchObject({ limit: 69, sample: "stratified", seed: 11 });
  });

  test("a stratified launch without a seed draws one and stores it", async () => {
    const { runId } = await launchRun({ agent: "noop", limit: 5, sample: "stratified" }, context);
    const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect((run.params as { seed?: unknown }).seed).toEqual(expect.any(Number));
  });

  test('"first" keeps the first N tasks in benchmark order (all analytics)', async () => {
    const { runId } = await launchRun({ agent: "noop", limit: 12, sample: "first" }, context);
    const tasks = await sampledTasks(runId);
    expect(new Set(tasks.map((task) => task.domain))).toEqual(new Set(["analytics"]));
  });

  test("a run without a limit is queued with its domains interleaved: the first 6 claims cover every domain, the order follows the seed", async () => {
    const domains = await context.db.task.findMany({ where: { version: { name: "v1", dataset: { slug: "workbench" } } }, distinct: ["domain"], select: { domain: true } });
    const sql = createSqlPool(context.databaseUrl, { max: 1 });
    const firstClaims = async (seed: number) => {
      // concurrency 6: a claim takes what a run of 6 at once would start with. An external run: the
      // workers of other test files sharing this database never poll one, so this claim is the first.
      const { runId } = await launchRun({ agent: "external", seed, concurrency: 6 }, context);
      try {
        const claimed = await claimResults(sql, { workerId: `order-test-${seed}`, max: 6, runId });
        return claimed.map((result) => result.taskKey);
      } finally {
        await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
      }
    };
    try {
      const keys = await firstClaims(5);
      expect(keys).toHaveLength(6);
      const tasks = await context.db.task.findMany({ where: { key: { in: keys }, version: { name: "v1", dataset: { slug: "workbench" } } }, select: { domain: true } });
      expect(new Set(tasks.map((task) => task.domain))).toEqual(new Set(domains.map((row) => row.domain)));
      expect(await firstClaims(5)).toEqual(keys);
      expect(await firstClaims(6)).not.toEqual(keys);
    } finally {
      await sql.end();
    }
  });

  test("the claim follows the stored queue position, not where the rows lie on disk", async () => {
    const sql = createSqlPool(context.databaseUrl, { max: 1 });
    const { runId } = await launchRun({ agent: "external", limit: 12, seed: 3, concurrency: 4 }, context);
    try {
      const queued = await context.db.taskResult.findMany({ where: { runId }, orderBy: { queuePosition: "asc" }, select: { id: true, queuePosition: true } });
      expect(queued.map((row) => row.queuePosition)).toEqual(queued.map((_, index) => index));
      // Reversed positions, rows untouched on disk otherwise: the claim must take the new first four.
      await context.db.$executeRaw`UPDATE "TaskResult" SET "queuePosition" = 11 - "queuePosition" WHERE "runId" = ${runId}`;
      const claimed = await claimResults(sql, { workerId: "queue-position-test", max: 4, runId });
      expect(claimed.map((result) => result.id).sort()).toEqual(queued.slice(-4).map((row) => row.id).sort());
    } finally {
      await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
      await sql.end();
    }
  });
});
