// The sign-in throttle over real sockets: an HTTP server in this process with the client-address
// layer installed (as instrumentation.ts installs it in `next start`) serves better-auth's route
// handler and the sign-in form's server action. Clients are told apart by their source address on
// loopback (127.0.0.2, .3, …). Only Next's request headers and redirect are replaced for the action.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createPrismaClient } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";

class RedirectSignal extends Error {
  constructor(readonly url: string) {
    super(`NEXT_REDIRECT ${url}`);
  }
}
let actionHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => actionHeaders, cookies: async () => ({ get: () => undefined, set: () => undefined, getAll: () => [] }) }));
vi.mock("next/navigation", () => ({
  redirect: vi.fn((url: string) => {
    throw new RedirectSignal(url);
  }),
}));

const PASSWORD = `pw-${Math.random().toString(36).slice(2)}-Secret`;
const ADMIN = "admin@throttle-test.local";
process.env.STUDIO_ADMIN_PASSWORD = PASSWORD;
process.env.STUDIO_ADMIN_EMAIL = ADMIN;

const { installClientAddressLayer, trustedProxyList } = await import("./client-address");
const { resetSignInThrottle, FREE_ATTEMPTS } = await import("./sign-in-throttle");
const { POST } = await import("@/app/api/auth/[...all]/route");
const { signInAction } = await import("@/app/sign-in/actions");

const TRUSTED_PROXY = "127.0.0.5";
let server: http.Server;
let port: number;
let db: PrismaClient;

/** IncomingMessage → Request → the route handler (or the form action) → the response. */
async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
  if (request.url === "/form") {
    actionHeaders = headers;
    const form = new FormData();
    for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString())) form.append(key, value);
    try {
      const state = await signInAction({ message: null, email: "" }, form);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(state));
    } catch (error) {
      if (!(error instanceof RedirectSignal)) throw error;
      response.writeHead(303, { location: error.url }).end();
    }
    return;
  }
  const answer = await POST(new Request(`http://127.0.0.1:${port}${request.url}`, { method: request.method, headers, body: Buffer.concat(chunks) }));
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

beforeAll(async () => {
  db = createPrismaClient(process.env.DATABASE_URL!);
  await installClientAddressLayer(trustedProxyList([TRUSTED_PROXY]));
  server = http.createServer((request, response) => void serve(request, response).catch((error: unknown) => response.writeHead(500).end(String(error))));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  process.env.PORT = String(port); // better-auth trusts its own origin
  resetSignInThrottle();
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.$disconnect();
  delete process.env.STUDIO_ADMIN_PASSWORD;
  delete process.env.STUDIO_ADMIN_EMAIL;
});

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One POST from source address `from` (a loopback address), with optional extra headers. */
function post(from: string, path: string, body: string, contentType: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method: "POST", localAddress: from, headers: { "content-type": contentType, origin: `http://127.0.0.1:${port}`, ...headers } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const apiSignIn = (from: string, password: string, headers: Record<string, string> = {}) =>
  post(from, "/api/auth/sign-in/email", JSON.stringify({ email: ADMIN, password }), "application/json", headers);
const formSignIn = (from: string, password: string) =>
  post(from, "/form", new URLSearchParams({ email: ADMIN, password }).toString(), "application/x-www-form-urlencoded");
const randomAddress = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join(".");

const auditCount = (action: string, client: string) => db.auditEvent.count({ where: { action, detail: { path: ["client"], equals: client } } });

describe("an attacker rotating X-Forwarded-For", () => {
  const attacker = "127.0.0.2";
  const statuses: number[] = [];

  test("is throttled on its socket address: only the free attempts and the ones its backoff allows reach the password check", async () => {
    const started = Date.now();
    for (let guess = 0; guess < 40; guess += 1) {
      const answer = await apiSignIn(attacker, `wrong-${guess}`, { "x-forwarded-for": randomAddress() });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
        expect(JSON.parse(answer.body)).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const checked = statuses.filter((status) => status === 401).length;
    // 3 free attempts, then waits of 1 s, 2 s, 4 s…: within `seconds`, at most log2(seconds + 1) + 1 more.
    expect(checked).toBeGreaterThanOrEqual(FREE_ATTEMPTS);
    expect(checked).toBeLessThanOrEqual(FREE_ATTEMPTS + Math.floor(Math.log2(seconds + 1)) + 1);
    expect(statuses.filter((status) => status === 429).length).toBe(40 - checked);
  });

  test("even the right password is refused to it while it waits, through the API and through the form", async () => {
    // Wrong guesses until the attacker is told to wait a few seconds, then the right password at once.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await apiSignIn(attacker, "wrong-again", { "x-forwarded-for": randomAddress() });
      statuses.push(answer.status);
      if (answer.status === 429 && Number(answer.headers["retry-after"]) >= 3) break;
      if (Date.now() > deadline) throw new Error("the attacker was never told to wait 3 s or more");
    }
    expect((await apiSignIn(attacker, PASSWORD, { "x-forwarded-for": randomAddress() })).status).toBe(429);
    const form = await formSignIn(attacker, PASSWORD);
    expect(form.status).toBe(200);
    expect(JSON.parse(form.body).message).toMatch(/Too many failed sign-in attempts from your address: try again in \d+ s/);
  });

  test("every password it got checked is audited, and its waits once each", async () => {
    expect(await auditCount("auth.sign_in_failed", attacker)).toBe(statuses.filter((status) => status === 401).length);
    expect(await auditCount("auth.sign_in_throttled", attacker)).toBeGreaterThanOrEqual(1);
    expect(await auditCount("auth.sign_in_throttled", attacker)).toBeLessThan(10);
  });

  test("meanwhile the admin signs in from another client, through the API and through the form", async () => {
    const api = await apiSignIn("127.0.0.3", PASSWORD);
    expect(api.status).toBe(200);
    expect(String(api.headers["set-cookie"])).toContain("session_token");
    const form = await formSignIn("127.0.0.4", PASSWORD);
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe("/");
  });
});

describe("behind a trusted proxy (STUDIO_TRUSTED_PROXIES)", () => {
  test("the forwarded address is the client: one is throttled, another behind the same proxy is not", async () => {
    // Wrong guesses for 198.51.100.20 until it is told to wait a few seconds.
    const answers: number[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await apiSignIn(TRUSTED_PROXY, "wrong", { "x-forwarded-for": "198.51.100.20" });
      answers.push(answer.status);
      if (answer.status === 429 && Number(answer.headers["retry-after"]) >= 3) break;
      if (Date.now() > deadline) throw new Error("198.51.100.20 was never told to wait 3 s or more");
    }
    expect(await auditCount("auth.sign_in_failed", "198.51.100.20")).toBe(answers.filter((status) => status === 401).length);
    // A client cannot pass itself off as another by prepending to the chain: the proxy's hop counts.
    expect((await apiSignIn(TRUSTED_PROXY, PASSWORD, { "x-forwarded-for": "198.51.100.21, 198.51.100.20" })).status).toBe(429);
    expect((await apiSignIn(TRUSTED_PROXY, PASSWORD, { "x-forwarded-for": "198.51.100.21" })).status).toBe(200);
  });
});

describe("better-auth's own rate limiter", () => {
  // Its 429 comes from inside the handler, after our throttle admitted the attempt: no password was checked.
  const attempt = (client: string, answer: Response) => async () => {
    const { withSignInThrottle } = await import("./throttled-auth-handler");
    const { CLIENT_ADDRESS_HEADER } = await import("./client-address");
    const handler = withSignInThrottle(async () => answer);
    const request = new Request(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: client },
      body: JSON.stringify({ email: ADMIN, password: "never-checked" }),
    });
    return handler(request);
  };

  test("an attempt it refuses is audited as throttled, not as a failed sign-in; a checked wrong password still is a failure", async () => {
    const refused = "192.0.2.71";
    const response = await attempt(refused, Response.json({ code: "TOO_MANY_REQUESTS" }, { status: 429, headers: { "x-retry-after": "10" } }))();
    expect(response.status).toBe(429);
    expect(await auditCount("auth.sign_in_failed", refused)).toBe(0);
    expect(await auditCount("auth.sign_in_throttled", refused)).toBe(1);
    const row = await db.auditEvent.findFirstOrThrow({ where: { action: "auth.sign_in_throttled", detail: { path: ["client"], equals: refused } } });
    expect(row.detail).toMatchObject({ limiter: "better-auth", path: "api" });

    const checked = "192.0.2.72";
    await attempt(checked, Response.json({ code: "INVALID_EMAIL_OR_PASSWORD" }, { status: 401 }))();
    expect(await auditCount("auth.sign_in_failed", checked)).toBe(1);
    expect(await auditCount("auth.sign_in_throttled", checked)).toBe(0);
  });
});

describe("requests refused before any password is checked (issue 37)", () => {
  const client = "127.0.0.9";

  /** better-auth's answer to a browser with a cookie whose Origin it does not trust (it skips the check under NODE_ENV=test, so its answer is played here). */
  const refusedOrigin = async () => {
    const { withSignInThrottle } = await import("./throttled-auth-handler");
    const { CLIENT_ADDRESS_HEADER } = await import("./client-address");
    const handler = withSignInThrottle(async () => Response.json({ message: "Invalid origin", code: "INVALID_ORIGIN" }, { status: 403 }));
    const response = await handler(new Request(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: client, origin: "http://192.168.1.20:3000", cookie: "theme=dark" },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    }));
    return { status: response.status, body: await response.text() };
  };

  test("a foreign origin, a wrong content type and a malformed body are audited as refused, never as failed, and do not count", async () => {
    const refusals = [
      await refusedOrigin(), // the right password, from a LAN address the server does not know (no BETTER_AUTH_URL)
      await post(client, "/api/auth/sign-in/email", `email=${ADMIN}&password=${PASSWORD}`, "text/plain"),
      await post(client, "/api/auth/sign-in/email", JSON.stringify({ email: 42 }), "application/json"),
      await post(client, "/api/auth/sign-in/email", "{not json", "application/json"),
    ];
    // More refusals than the free attempts: had they counted, the next attempt would wait.
    expect(refusals.length).toBeGreaterThan(FREE_ATTEMPTS);
    expect(refusals.map((refusal) => refusal.status)).toEqual([403, 415, 400, 400]);
    expect(await auditCount("auth.sign_in_failed", client)).toBe(0);
    expect(await auditCount("auth.sign_in_throttled", client)).toBe(0);
    // One row per client per window, saying what happened (the rest go to the server log).
    const rows = await db.auditEvent.findMany({ where: { action: "auth.request_refused", detail: { path: ["client"], equals: client } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatchObject({ path: "api", status: 403, reason: "INVALID_ORIGIN" });

    // Not throttled: the right password from the right origin signs in at once.
    expect((await apiSignIn(client, PASSWORD)).status).toBe(200);
  });

  test("a checked wrong password is a failed sign-in and counts", async () => {
    const guesser = "127.0.0.10";
    for (let attempt = 0; attempt < FREE_ATTEMPTS; attempt += 1) expect((await apiSignIn(guesser, "wrong-password")).status).toBe(401);
    expect(await auditCount("auth.sign_in_failed", guesser)).toBe(FREE_ATTEMPTS);
    expect(await auditCount("auth.request_refused", guesser)).toBe(0);
    expect((await apiSignIn(guesser, PASSWORD)).status).toBe(429); // its wait has begun
  });
});
