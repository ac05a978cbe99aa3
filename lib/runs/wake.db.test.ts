// Wake-ups across processes: a launch NOTIFYs on commit, and a worker's LISTEN connection turns the
// notification into a local wake-up (an idle slot claims at once instead of after its poll interval).
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../test-support/db";
import { launchRun } from "./launch";
import { listenForWakeUps, sleepUnlessWoken, WAKE_CHANNEL } from "./wake";

let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

test("a launch notifies the wake-up channel with its run id once its rows are committed", async () => {
  const listener = new pg.Client({ connectionString: context.databaseUrl });
  await listener.connect();
  try {
    await listener.query(`LISTEN ${WAKE_CHANNEL}`);
    const payloads: (string | undefined)[] = [];
    listener.on("notification", (message) => payloads.push(message.payload));
    const { runId } = await launchRun({ agent: "noop", limit: 2, concurrency: 1 }, context);
    for (let i = 0; i < 200 && !payloads.includes(runId); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(payloads).toContain(runId);
    // Committed by then: a worker woken by it finds the results.
    expect(await context.db.taskResult.count({ where: { runId, status: "pending" } })).toBe(2);
    await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
  } finally {
    await listener.end();
  }
});

test("a notification from another connection ends a worker's idle wait; a lost listener reconnects", async () => {
  const errors: Error[] = [];
  const wakeUps = listenForWakeUps(context.databaseUrl, (error) => errors.push(error));
  const sender = new pg.Client({ connectionString: context.databaseUrl });
  await sender.connect();
  try {
    await wakeUps.ensure();
    const woken = async () => {
      const idle = sleepUnlessWoken(120_000).then(() => "woken");
      await sender.query(`SELECT pg_notify('${WAKE_CHANNEL}', 'test')`);
      return Promise.race([idle, new Promise((resolve) => setTimeout(() => resolve("still asleep"), 20_000))]);
    };
    expect(await woken()).toBe("woken");

    // The server ends the listening connection: reported, then reopened by the next ensure().
    await sender.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN ${WAKE_CHANNEL}' AND pid <> pg_backend_pid()`);
    for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors.length).toBeGreaterThan(0);
    await wakeUps.ensure();
    expect(await woken()).toBe("woken");
  } finally {
    await sender.end();
    await wakeUps.close();
  }
});
