// Server actions accept only requests from this site's own pages. Next.js checks the Origin of an
// action itself, but answers a foreign one with HTTP 500 (an error thrown into the render) and lets a
// missing one through with a warning; proxy.ts answers both here with a plain 403 first. Every POST is
// checked, whatever its path (an action id sent to /api/x or /favicon.icox reaches Next's action
// handling too), except the route handlers that authenticate each request themselves: better-auth's
// (which checks its own trusted origins), the external-agent API and MCP (bearer tokens, no cookies).
// Browsers send Origin on every POST, so a request without one was not made by our pages.

/** POST routes that are not actions: they authenticate every request with their own credentials. */
const SELF_AUTHENTICATING_ROUTES = [/^\/api\/auth\//, /^\/api\/runs\/[^/]+\/(?:claim|finish|turns)\/?$/, /^\/mcp\/[^/]+\/?$/];

/** Does this request need the same-origin check? Every POST but those to self-authenticating routes. */
export function needsOriginCheck(method: string, pathname: string): boolean {
  return method === "POST" && !SELF_AUTHENTICATING_ROUTES.some((route) => route.test(pathname));
}

/**
 * Null when `origin` names the host the request was sent to (its Host, or the X-Forwarded-Host a
 * reverse proxy set: a cross-site page cannot set that header on a form post, as Next's own check
 * also assumes); otherwise why the request is refused.
 */
export function foreignOriginReason(headers: Headers): string | null {
  const origin = headers.get("origin");
  if (!origin || origin === "null") return "missing Origin";
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return "malformed Origin";
  }
  const hosts = [headers.get("host"), headers.get("x-forwarded-host")?.split(",")[0]?.trim()];
  return hosts.includes(originHost) ? null : "foreign Origin";
}

export function forbiddenOriginResponse(reason: string): Response {
  return new Response(`Forbidden: ${reason}. Changes are accepted only from this site's own pages.\n`, {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
