// The launch/cancel server actions, called directly against real Postgres. Only Next's cache and
// redirect are replaced: redirect throws as Next's does, and the test reads the URL from it.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";

class RedirectSignal extends Error {
  constructor(readonly url: string) {
    super(`NEXT_REDIRECT ${url}`);
  }
}

vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/navigation", () => ({
  redirect: vi.fn((url: string) => {
    throw new RedirectSignal(url);
  }),
}));

const { cancelRunAction, launchRunAction } = await import("@/app/runs/actions");

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 100, mockLatencyMs: 80 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

async function launchExpectingRedirect(fields: Record<string, string | string[]>): Promise<{ runId: string; ms: number }> {
  const started = performance.now();
  const error = await launchRunAction(undefined, form(fields)).then(
    (state) => new Error(`expected a redirect, got ${JSON.stringify(state)}`),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof RedirectSignal)) throw error;
  const match = /^\/runs\/([^/]+)$/.exec(error.url);
  if (!match?.[1]) throw new Error(`unexpected redirect ${error.url}`);
  return { runId: match[1], ms: performance.now() - started };
}

describe("launchRunAction", () => {
  test("phrasing all: the three runs, one per phrasing on the same tasks, then the page of the sweep that links them; an external agent is refused", async () => {
    const error = await launchRunAction(undefined, form({ agent: "oracle", phrasing: "all", limit: "6", seed: "5", name: "launch action · all phrasings" })).then(
      (state) => new Error(`expected a redirect, got ${JSON.stringify(state)}`),
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof RedirectSignal)) throw error;
    const sweepId = /^\/sweeps\/([^/]+)$/.exec(error.url)?.[1];
    expect(sweepId).toBeDefined();
    const runs = await context.db.run.findMany({ where: { params: { path: ["sweep", "id"], equals: sweepId } }, select: { id: true, params: true } });
    expect(runs.map((run) => String((run.params as Record<string, unknown>).phrasing ?? "original")).sort()).toEqual(["alt-1", "alt-2", "original"]);
    const tasks = await Promise.all(runs.map(async (run) => (await context.db.taskResult.findMany({ where: { runId: run.id }, select: { taskId: true } })).map((row) => row.taskId).sort()));
    for (const set of tasks) expect(set).toEqual(tasks[0]);
    expect(tasks[0]).toHaveLength(6);
    for (const run of runs) expect(await waitForRun(context.db, run.id)).toMatchObject({ status: "completed", correctCount: 6 });
    await context.db.run.deleteMany({ where: { id: { in: runs.map((run) => run.id) } } });

    const before = await context.db.run.count();
    expect(await launchRunAction(undefined, form({ agent: "external", phrasing: "all" }))).toMatchObject({ status: "invalid", fieldErrors: { phrasing: [expect.stringMatching(/one phrasing/)] } });
    expect(await launchRunAction(undefined, form({ agent: "oracle", phrasing: "alt-4" }))).toMatchObject({ status: "invalid", fieldErrors: { phrasing: [expect.any(String)] } });
    expect(await context.db.run.count()).toBe(before);
  });

  test("invalid input comes back as field errors and creates nothing", async () => {
    const before = await context.db.run.count();
    const state = await launchRunAction(undefined, form({ agent: "react", concurrency: "500" }));
    expect(state.status).toBe("invalid");
    if (state.status !== "invalid") return;
    expect(Object.keys(state.fieldErrors).sort()).toEqual(["concurrency", "endpoint", "model"]);
    expect(await context.db.run.count()).toBe(before);
  });

  test("every invalid field at once: the schema's errors with the configuration's, and a parsed form's refused choices together", async () => {
    const before = await context.db.run.count();
    const refused = { agent: "tools", endpoint: "openai", model: "gpt-4o", baseUrl: "http://127.0.0.1:9/v1", protocol: "2024", scoringRevision: "2026-07" };
    const state = await launchRunAction(undefined, form({ ...refused, limit: "0", concurrency: "500" }));
    expect(state.status === "invalid" && Object.keys(state.fieldErrors).sort()).toEqual(["baseUrl", "concurrency", "limit", "scoringRevision"]);
    const parsed = await launchRunAction(undefined, form({ agent: "tools", endpoint: "mock", model: "gpt-4o", reasoningEffort: "high", protocol: "2024", scoringRevision: "2026-07" }));
    expect(parsed.status === "invalid" && Object.keys(parsed.fieldErrors).sort()).toEqual(["reasoningEffort", "scoringRevision"]);
    expect(await context.db.run.count()).toBe(before);
  });

  test("returns at once, redirects to the run, and progress shows in the database while it runs", async () => {
    const { runId, ms } = await launchExpectingRedirect({
      agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, domains: ["email", "calendar"],
      limit: "24", concurrency: "3", name: "action test",
    });
    expect(ms).toBeLessThan(3_000);
    const created = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(created).toMatchObject({ name: "action test", agent: "react", provider: "mock", endpoint: "mock", model: "oracle", tasksTotal: 24, concurrency: 3, launchedBy: "local" });
    expect(created.appRevision).toMatch(/^[0-9a-f]{40}$/);
    expect(created.promptHash).toMatch(/^[0-9a-f]{64}$/);

    const seen = new Set<number>();
    for (let poll = 0; poll < 400 && !seen.has(24); poll++) {
      const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
      seen.add(run.tasksDone);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect([...seen].some((done) => done > 0 && done < 24)).toBe(true); // partial progress was visible
    expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed", tasksDone: 24, correctCount: 24 });
  });

  test("cancel: running tasks finish, pending ones are skipped, the run ends cancelled", async () => {
    const { runId } = await launchExpectingRedirect({
      agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, limit: "60", concurrency: "2",
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await cancelRunAction(runId)).toEqual({ status: "done" });
    const run = await waitForRun(context.db, runId, 30_000);
    expect(run.status).toBe("cancelled");
    const counts = await context.db.taskResult.groupBy({ by: ["status"], where: { runId }, _count: true });
    const byStatus = Object.fromEntries(counts.map((row) => [row.status, row._count]));
    expect(byStatus.running).toBeUndefined();
    expect(byStatus.pending).toBeUndefined();
    expect(byStatus.skipped).toBeGreaterThan(0);
    expect((byStatus.done ?? 0) + (byStatus.skipped ?? 0)).toBe(60);
    expect(run.tasksDone).toBe(byStatus.done ?? 0);
  });

  test("cancelling an external run closes its open sessions before the action returns", async () => {
    const { launchRun } = await import("./launch");
    const { claimNextTask } = await import("@/lib/external-runs/claim");
    const { getMcpDeps } = await import("@/lib/external-runs/deps");
    const launched = await launchRun({ agent: "external", limit: 3, concurrency: 2 }, { db: context.db });
    const deps = await getMcpDeps();
    const claims = await Promise.all([claimNextTask(deps, launched.runId), claimNextTask(deps, launched.runId)]);
    expect(claims.map((claim) => claim.kind)).toEqual(["task", "task"]);
    expect(await cancelRunAction(launched.runId)).toEqual({ status: "done" });
    // Not at the supervisor's next tick: now.
    const sessions = await context.db.mcpSession.findMany({ where: { runId: launched.runId }, select: { closedAt: true, closeReason: true } });
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.closedAt !== null && session.closeReason === "cancelled")).toBe(true);
    expect(await context.db.run.findUniqueOrThrow({ where: { id: launched.runId }, select: { status: true } })).toEqual({ status: "cancelled" });
  });
});
