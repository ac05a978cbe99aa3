// With STUDIO_ADMIN_PASSWORD set, the launch and cancel server actions change nothing without a
// session, and work with one (recording who did it). The actions run against real Postgres; only
// Next's request headers, cache and redirect are replaced.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { launchRun } from "@/lib/runs/launch";

class RedirectSignal extends Error {
  constructor(readonly url: string) {
    super(`NEXT_REDIRECT ${url}`);
  }
}

/** The request's headers as the actions see them; each test sets the cookie it sends. */
let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => undefined, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/navigation", () => ({
  redirect: vi.fn((url: string) => {
    throw new RedirectSignal(url);
  }),
}));

const PASSWORD = `pw-${Math.random().toString(36).slice(2)}-Secret`;
process.env.STUDIO_ADMIN_PASSWORD = PASSWORD;
process.env.STUDIO_ADMIN_EMAIL = "admin@guard-test.local";

const { cancelRunAction, launchRunAction, runRestAction } = await import("@/app/runs/actions");
const { ensureAdminAccount } = await import("./admin");
const { signInAction } = await import("@/app/sign-in/actions");
const { getAuth } = await import("./server");
const { FREE_ATTEMPTS, resetSignInThrottle } = await import("./sign-in-throttle");

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 2, idlePollMs: 100, mockLatencyMs: 150 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
  delete process.env.STUDIO_ADMIN_PASSWORD;
  delete process.env.STUDIO_ADMIN_EMAIL;
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

/** Signs the admin in through better-auth and returns the Cookie header a browser would send. */
async function signIn(password = PASSWORD): Promise<string> {
  await ensureAdminAccount();
  const { headers } = await getAuth().api.signInEmail({ body: { email: "admin@guard-test.local", password }, returnHeaders: true });
  const cookies = headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.join("; ");
}

const counts = async () => ({ runs: await context.db.run.count(), audit: await context.db.auditEvent.count() });

describe("without a session", () => {
  test.each([
    ["no cookie", ""],
    ["a forged session cookie", "better-auth.session_token=forged.value"],
  ])("launch with %s creates nothing", async (_name, cookie) => {
    requestHeaders = new Headers(cookie ? { cookie } : {});
    const before = await counts();
    const state = await launchRunAction(undefined, form({ agent: "oracle", limit: "2", name: "should not exist" }));
    expect(state).toEqual({ status: "error", message: "Sign in to make changes" });
    expect(await counts()).toEqual(before);
  });

  test("cancel leaves the run running to completion", async () => {
    const { runId } = await launchRun({ agent: "react", endpoint: "mock", model: "oracle", baseUrl: context.mock.url, limit: 12, concurrency: 1 }, context);
    requestHeaders = new Headers();
    expect(await cancelRunAction(runId)).toEqual({ status: "error", message: "Sign in to make changes" });
    expect((await context.db.run.findUniqueOrThrow({ where: { id: runId } })).status).not.toMatch(/cancel/);
    expect(await waitForRun(context.db, runId, 120_000)).toMatchObject({ status: "completed", tasksDone: 12 });
  });

  test("running the rest of an estimated run changes nothing", async () => {
    const { runId } = await launchRun({ agent: "noop", estimate: true, estimateTasks: 3, concurrency: 1, domains: ["email"] }, context);
    await waitForRun(context.db, runId, 60_000);
    requestHeaders = new Headers();
    expect(await runRestAction(runId)).toEqual({ status: "error", message: "Sign in to make changes" });
    expect(await context.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ estimated: true, status: "completed", tasksTotal: 3 });
    expect(await context.db.taskResult.count({ where: { runId } })).toBe(3);
    await context.db.run.delete({ where: { id: runId } });
  });

  test("a wrong password gives no session", async () => {
    await expect(signIn("not-the-password")).rejects.toThrow();
  });
});

describe("the sign-in page's action", () => {
  test("signs in with the password; failures are audited and slow down the client (not the account)", async () => {
    requestHeaders = new Headers();
    const attempt = (password: string) =>
      signInAction({ message: null, email: "" }, form({ email: "admin@guard-test.local", password, next: "//evil.example/x" })).catch((thrown: unknown) => thrown);
    expect(await attempt(PASSWORD)).toMatchObject({ url: "/" }); // an off-site `next` is ignored
    const audited = await context.db.auditEvent.count({ where: { action: "auth.sign_in_failed" } });
    for (let failure = 0; failure < FREE_ATTEMPTS; failure++) expect(await attempt("wrong")).toMatchObject({ message: "Wrong email or password" });
    expect(await context.db.auditEvent.count({ where: { action: "auth.sign_in_failed" } })).toBe(audited + FREE_ATTEMPTS);
    // No client address layer here (instrumentation.ts installs it in the server): one shared client.
    expect(await attempt(PASSWORD)).toMatchObject({ message: expect.stringMatching(/Too many failed sign-in attempts from your address/) });
    resetSignInThrottle();
    expect(await attempt(PASSWORD)).toBeInstanceOf(RedirectSignal);
  });
});

describe("STUDIO_PRIVATE=1 (proxy.ts)", () => {
  test("pages redirect to sign-in without a valid session, and render with one", async () => {
    const { NextRequest } = await import("next/server");
    const { proxy } = await import("@/proxy");
    process.env.STUDIO_PRIVATE = "1";
    try {
      const request = (cookie?: string) => new NextRequest("http://127.0.0.1:3000/runs", { headers: cookie ? { cookie } : {} });
      for (const anonymous of [request(), request("better-auth.session_token=forged.value")]) {
        const response = await proxy(anonymous);
        expect(response.status).toBe(307);
        expect(response.headers.get("location")).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):3000\/sign-in\?next=%2Fruns$/);
      }
      expect((await proxy(new NextRequest("http://127.0.0.1:3000/sign-in"))).headers.get("location")).toBeNull();
      const signedIn = await proxy(request(await signIn()));
      expect(signedIn.headers.get("location")).toBeNull();
      expect(signedIn.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    } finally {
      delete process.env.STUDIO_PRIVATE;
    }
  });
});

describe("with the admin's session", () => {
  test("launch works, the run and the audit table name the admin", async () => {
    requestHeaders = new Headers({ cookie: await signIn() });
    const error = await launchRunAction(undefined, form({ agent: "oracle", limit: "2", name: "signed in" })).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(RedirectSignal);
    const runId = (error as RedirectSignal).url.split("/").pop() as string;
    expect(await context.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ launchedBy: "admin@guard-test.local" });
    expect(await context.db.auditEvent.findFirst({ where: { target: runId } })).toMatchObject({ actor: "admin@guard-test.local", action: "run.launch" });

    expect(await cancelRunAction(runId)).toEqual({ status: "done" });
    await waitForRun(context.db, runId, 60_000);
  });

  test("an estimated run launched from the form, then run in full: both audited under the admin", async () => {
    requestHeaders = new Headers({ cookie: await signIn() });
    const error = await launchRunAction(undefined, form({ agent: "noop", estimate: "true", estimateTasks: "3", concurrency: "1", domains: "email", name: "estimated, signed in" })).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(RedirectSignal);
    const runId = (error as RedirectSignal).url.split("/").pop() as string;
    expect(await waitForRun(context.db, runId, 60_000)).toMatchObject({ estimated: true, status: "completed", tasksDone: 3 });
    const emailTasks = await context.db.task.count({ where: { domain: "email", version: { name: "v1", dataset: { slug: "workbench" }, supersededAt: null } } });
    expect(await runRestAction(runId)).toEqual({ status: "done", queued: emailTasks - 3 });
    expect(await context.db.auditEvent.findFirst({ where: { target: runId, action: "run.run-rest" } })).toMatchObject({ actor: "admin@guard-test.local" });
    expect(await waitForRun(context.db, runId, 120_000)).toMatchObject({ estimated: false, status: "completed", tasksDone: emailTasks });
    await context.db.run.delete({ where: { id: runId } });
  });
});
