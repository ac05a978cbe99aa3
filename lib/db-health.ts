// "Is PostgreSQL reachable?" for the request proxy (proxy.ts): while it is not, every page answers HTTP
// 503 "database unavailable, retrying" (with Retry-After and a self-refresh) instead of an error page
// served with 200. The probe is a TCP connect to DATABASE_URL's host and port, at most once a second
// however many requests arrive; the embedded server's watchdog brings the database back meanwhile.
// Only a definite refusal counts as down: a connect that is merely slow (a busy machine, a blocked
// event loop making the timer fire before the connect is seen) is a database that is up but slow,
// and the page's own queries wait for it (lib/db-pool.ts) rather than answering 503.
import net from "node:net";
import { env } from "@/lib/env";

const PROBE_TTL_MS = 1_000;
const PROBE_TIMEOUT_MS = 5_000;
const RETRY_AFTER_S = 3;

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

/** The 503 response to send instead of the page, or null when the database is reachable. */
export async function databaseUnavailableResponse(): Promise<Response | null> {
  if (await isDatabaseReachable()) return null;
  return new Response(PAGE, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(RETRY_AFTER_S), "cache-control": "no-store" },
  });
}
