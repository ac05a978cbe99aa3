// "Is PostgreSQL reachable?" for the request proxy (proxy.ts): while it is not, every page answers HTTP
// 503 "database unavailable, retrying" (with Retry-After and a self-refresh) instead of an error page
// served with 200. The probe is a TCP connect to DATABASE_URL's host and port, at most once a second
// however many requests arrive; the embedded server's watchdog brings the database back meanwhile.
// Only a definite refusal counts as down: a connect that is merely slow (a busy machine, a blocked
// event loop making the timer fire before the connect is seen) is a database that is up but slow,
// and the page's own queries wait for it (lib/db-pool.ts) rather than answering 503. A connect of this
// process already waiting on the reconnect policy (PostgreSQL restarting, in recovery) counts as down too.
// API routes (JSON clients, external agents) get a JSON 503 with `retryAfterMs`; pages the HTML one.
import net from "node:net";
import { databaseReconnecting } from "@/lib/db-pool";
import { env } from "@/lib/env";

const PROBE_TTL_MS = 1_000;
const PROBE_TIMEOUT_MS = 5_000;
const RETRY_AFTER_S = 3;
/** Seconds an API client should wait: about the time the embedded PostgreSQL's watchdog needs to restart it. */
export const API_RETRY_AFTER_S = 2;

let last: { url: string; at: number; up: Promise<boolean> } | null = null;

/** False only when the connection is refused, reset or unroutable; a timeout counts as up (slow). */
function probe(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(timeoutMs, () => done(true));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** True when the database accepts connections (or none is configured: nothing to report then). */
export function isDatabaseReachable(databaseUrl = env().DATABASE_URL, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  if (!databaseUrl) return Promise.resolve(true);
  if (last && last.url === databaseUrl && Date.now() - last.at < PROBE_TTL_MS) return last.up;
  const url = new URL(databaseUrl);
  const up = probe(url.hostname || "localhost", Number(url.port || 5432), timeoutMs);
  last = { url: databaseUrl, at: Date.now(), up };
  return up;
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${RETRY_AFTER_S}">
<title>Database unavailable</title></head><body style="font-family:system-ui,sans-serif;margin:4rem auto;max-width:36rem">
<h1>Database unavailable, retrying</h1><p>WorkBench Studio cannot reach PostgreSQL. This page reloads every ${RETRY_AFTER_S} seconds;
runs resume by themselves once the database is back.</p></body></html>`;

/** True when requests should not wait for the database: it refuses connections, or this process is reconnecting. */
export async function databaseDown(): Promise<boolean> {
  return databaseReconnecting() || !(await isDatabaseReachable());
}

/** The API's 503: JSON with `retryAfterMs`, and Retry-After. */
export function databaseUnavailableJson(): Response {
  return Response.json(
    { error: "The database is busy or restarting: retry after the Retry-After delay", retryAfterMs: API_RETRY_AFTER_S * 1000 },
    { status: 503, headers: { "retry-after": String(API_RETRY_AFTER_S), "cache-control": "no-store" } },
  );
}

/** Routes answering JSON (route handlers), rather than pages. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname.startsWith("/mcp/");
}

/** The 503 response to send instead of the page or the API's answer, or null when the database is usable. */
export async function databaseUnavailableResponse(pathname: string): Promise<Response | null> {
  if (!(await databaseDown())) return null;
  if (isApiPath(pathname)) return databaseUnavailableJson();
  return new Response(PAGE, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(RETRY_AFTER_S), "cache-control": "no-store" },
  });
}
