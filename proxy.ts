// Runs before every page and route: refuses oversize POST bodies and actions from another origin, sets the per-request CSP nonce
// (lib/security/csp.ts) and, with
// STUDIO_PRIVATE=1, sends visitors without a valid session to /sign-in. The session is checked for
// real here (not only the cookie's presence), since pages and their RSC requests are served after it.
import { NextResponse, type NextRequest } from "next/server";
import { pagesArePrivate, signInConfigured } from "@/lib/auth/config";
import { databaseUnavailableResponse } from "@/lib/db-health";
import { forbiddenOriginResponse, foreignOriginReason, needsOriginCheck } from "@/lib/security/action-origin";
import { contentSecurityPolicy, createNonce } from "@/lib/security/csp";

/**
 * Reachable without a session even when pages are private: signing in itself, and the external-agent
 * endpoints, which authenticate every request with their own bearer tokens (lib/external-runs).
 */
const PUBLIC_PATHS = ["/sign-in", "/api/auth/", "/mcp/"];
const EXTERNAL_AGENT_API = /^\/api\/runs\/[^/]+\/(claim|finish|turns)$/;

/**
 * Server actions refuse larger bodies (next.config.js); answering here gives a plain 413, not an error
 * page. Only actions: route handlers (uploads, external runs) set their own limits.
 */
const MAX_ACTION_BODY_BYTES = 1024 * 1024;

export async function proxy(request: NextRequest) {
  const isAction = request.method === "POST" && request.headers.has("next-action");
  if (isAction && Number(request.headers.get("content-length") ?? 0) > MAX_ACTION_BODY_BYTES) {
    return new NextResponse("Request too large: at most 1 MB", { status: 413, headers: { "content-type": "text/plain" } });
  }
  // Actions from another site, or with no Origin at all, on any path: a plain 403, not Next's HTTP 500.
  if (needsOriginCheck(request.method, request.nextUrl.pathname)) {
    const reason = foreignOriginReason(request.headers);
    if (reason) return forbiddenOriginResponse(reason);
  }
  // While PostgreSQL is unreachable: 503 at once (lib/db-health.ts), JSON on API routes, a "database
  // unavailable, retrying" page elsewhere; not an error page after the reconnect policy's minute.
  const unavailable = await databaseUnavailableResponse(request.nextUrl.pathname);
  if (unavailable) return unavailable;
  if (pagesArePrivate() && signInConfigured() && !isPublic(request.nextUrl.pathname)) {
    const { getAuth } = await import("@/lib/auth/server");
    const session = await getAuth().api.getSession({ headers: request.headers });
    if (!session) {
      const url = new URL("/sign-in", request.url);
      url.searchParams.set("next", request.nextUrl.pathname);
      return NextResponse.redirect(url);
    }
  }
  const nonce = createNonce();
  const policy = contentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

function isPublic(pathname: string): boolean {
  return PUBLIC_PATHS.some((prefix) => pathname.startsWith(prefix)) || EXTERNAL_AGENT_API.test(pathname);
}

export const config = {
  // Static files carry no script to protect and need no session check. MCP (/mcp/<session>) neither:
  // it is public, answers JSON (no page, no CSP), authenticates each request and answers a database
  // outage itself (lib/external-runs); running the proxy there cost every tool call a body copy.
  // Exact names only (`$`): /favicon.icox or /mcp/a/b are no static file or MCP session, and a POST
  // there gets the Origin check like any other path.
  matcher: ["/((?!_next/static|_next/image|favicon\\.ico$|logo\\.svg$|mcp/[^/]+/?$).*)"],
};
