// A sweep on real Postgres: one launch makes every run of the grid on the same tasks with the same fault
// seed; the sweep page's curves come from those runs; a grid that cannot be launched whole leaves no run
// queued.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { getSweep } from "@/lib/queries/sweeps";
import { launchSweep } from "./sweep";
import { LaunchError } from "./launch";

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 50, mockLatencyMs: 0 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

describe("launchSweep", () => {
  test("agents × fault rates: one run per cell, the same tasks and seed, and one curve per agent", async () => {
    const sweep = await launchSweep(
      { name: "oracles under faults", variants: [{ agent: "oracle" }, { agent: "oracle-retry" }], faultRates: [0.3, 0, 0.3] },
      { limit: 24, sample: "stratified", faultSeed: 99, concurrency: 8 },
      { db: context.db },
    );
    expect(sweep.runs.map((run) => [run.variant.agent, run.faultRate])).toEqual([["oracle", 0], ["oracle", 0.3], ["oracle-retry", 0], ["oracle-retry", 0.3]]);
    for (const run of sweep.runs) expect(await waitForRun(context.db, run.runId)).toMatchObject({ status: "completed", tasksDone: 24 });

    const taskSets = await Promise.all(
      sweep.runs.map(async (run) => (await context.db.taskResult.findMany({ where: { runId: run.runId }, select: { taskId: true } })).map((row) => row.taskId).sort()),
    );
    for (const tasks of taskSets) expect(tasks).toEqual(taskSets[0]);
    const params = await context.db.run.findMany({ where: { id: { in: sweep.runs.map((run) => run.runId) } }, select: { params: true } });
    for (const { params: stored } of params) expect(stored).toMatchObject({ sweep: { id: sweep.sweepId, name: "oracles under faults" } });

    const page = await getSweep({ id: sweep.sweepId });
    expect(page?.curves.map((curve) => curve.label)).toEqual(["oracle", "oracle-retry"]);
    // A clean oracle is right on every task; at p = 0.3 the retrying oracle is at least as right as the plain one on the same faults.
    const at = (label: string, rate: number) => page?.curves.find((curve) => curve.label === label)?.points.find((point) => point.faultRate === rate)?.accuracy;
    expect(at("oracle", 0)).toBe(1);
    expect(at("oracle-retry", 0)).toBe(1);
    expect(at("oracle", 0.3)).toBeLessThan(1);
  });

  test("a grid with a run that cannot launch leaves none of its runs behind, in any state", async () => {
    // The refused agent comes third: its first two runs (fast oracles, a worker running) used to be
    // created, and completed before the refusal could cancel them.
    const before = await context.db.run.count();
    const launch = launchSweep(
      { variants: [{ agent: "oracle" }, { agent: "tools", endpoint: "no-such-endpoint", model: "x" }], faultRates: [0, 0.1] },
      { limit: 5, sample: "stratified" },
      { db: context.db },
    );
    await expect(launch).rejects.toBeInstanceOf(LaunchError);
    expect(await context.db.run.count()).toBe(before);
  });
});
