// "Is PostgreSQL reachable?" for the request proxy (proxy.ts): while it is not, every page answers HTTP
// 503 "database unavailable, retrying" (with Retry-After and a self-refresh) instead of an error page
// served with 200. The probe is a TCP connect to DATABASE_URL's host and port, at most once a second
// however many requests arrive; the embedded server's watchdog brings the database back meanwhile.
import net from "node:net";
import { env } from "@/lib/env";

const PROBE_TTL_MS = 1_000;
const PROBE_TIMEOUT_MS = 1_500;
const RETRY_AFTER_S = 3;

let last: { at: number; up: Promise<boolean> } | null = null;

function probe(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** True when the database accepts connections (or none is configured: nothing to report then). */
export function isDatabaseReachable(databaseUrl = env().DATABASE_URL): Promise<boolean> {
  if (!databaseUrl) return Promise.resolve(true);
  if (last && Date.now() - last.at < PROBE_TTL_MS) return last.up;
  const url = new URL(databaseUrl);
  const up = probe(url.hostname || "localhost", Number(url.port || 5432));
  last = { at: Date.now(), up };
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
