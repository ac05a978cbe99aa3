// Server actions accept only requests from this site's own pages. Next.js checks the Origin of an
// action itself, but answers a foreign one with HTTP 500 (an error thrown into the render) and lets a
// missing one through with a warning; proxy.ts answers both here with a plain 403 first. Every POST to
// a page path is an action (fetch or no-JS form); route handlers (/api/…, /mcp) authenticate their own.
// Browsers send Origin on every POST, so a request without one was not made by our pages.

/** Does this request need the same-origin check? POSTs outside the API and MCP routes. */
export function isPagePost(method: string, pathname: string): boolean {
  return method === "POST" && !pathname.startsWith("/api/") && !pathname.startsWith("/mcp");
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
