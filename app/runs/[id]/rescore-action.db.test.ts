// The run page's re-score action with sign-in on: without a session it changes nothing; with one it
// re-scores (lib/runs/rescore.ts) and records who did it. Real Postgres; only Next's request headers
// and cache are replaced.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importResults2026 } from "@/lib/runs/import/import-results-2026";

let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => undefined, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const PASSWORD = `pw-${Math.random().toString(36).slice(2)}-Secret`;
process.env.STUDIO_ADMIN_PASSWORD = PASSWORD;
process.env.STUDIO_ADMIN_EMAIL = "admin@rescore-test.local";

const { rescoreRunAction } = await import("./actions");
const { ensureAdminAccount } = await import("@/lib/auth/admin");
const { getAuth } = await import("@/lib/auth/server");

const FIXTURES = path.resolve(import.meta.dirname, "../../../lib/runs/import/fixtures/results-2026");
let context: RunsTestContext;
let runId: string;
let dir: string;

beforeAll(async () => {
  context = await setUpRunsTest();
  // Its own run: the email and analytics files only (5 tasks; 2 correct under 2026-07, 1 under 2026-06).
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "rescore-action-"));
  for (const domain of ["email", "analytics"]) await fs.cp(path.join(FIXTURES, domain), path.join(dir, domain), { recursive: true });
  const [imported] = await importResults2026(context.db, { resultsPath: dir, revision: "2026-07" });
  runId = imported!.runId;
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await tearDownRunsTest(context);
  delete process.env.STUDIO_ADMIN_PASSWORD;
  delete process.env.STUDIO_ADMIN_EMAIL;
});

function form(revision: string): FormData {
  const data = new FormData();
  data.append("runId", runId);
  data.append("revision", revision);
  return data;
}

async function signIn(): Promise<string> {
  await ensureAdminAccount();
  const { headers } = await getAuth().api.signInEmail({ body: { email: "admin@rescore-test.local", password: PASSWORD }, returnHeaders: true });
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

const state = async () => {
  const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
  return { revision: run.scoringRevision, correct: run.correctCount, audit: await context.db.auditEvent.count({ where: { action: "run.rescore" } }) };
};

describe("rescoreRunAction", () => {
  test("without a session nothing changes", async () => {
    requestHeaders = new Headers();
    const before = await state();
    expect(await rescoreRunAction({ status: "idle" }, form("2026-06"))).toEqual({ status: "error", message: "Sign in to make changes" });
    expect(await state()).toEqual(before);
  });

  test("signed in, it re-scores and is audited; a revision of another protocol is a message", async () => {
    requestHeaders = new Headers({ cookie: await signIn() });
    expect(await rescoreRunAction({ status: "idle" }, form("2026-06"))).toEqual({ status: "done", message: "Re-scored under 2026-06: 1/5 correct, 1 verdict(s) changed" });
    expect(await state()).toEqual({ revision: "2026-06", correct: 1, audit: 1 });
    expect(await rescoreRunAction({ status: "idle" }, form("2024"))).toMatchObject({ status: "error", message: expect.stringMatching(/protocol 2026 has revisions/) });
    expect(await state()).toMatchObject({ revision: "2026-06", audit: 1 });
  });
});
