// MCP over Streamable HTTP, stateless: each POST is authenticated against its session (URL) and token
// (Authorization: Bearer), served by a fresh SDK server + transport, and answered as JSON. Nothing
// lives in memory between requests except the session's sandbox copy, so any web process can serve
// any session. Requests of one session run one at a time (session-lock.ts).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { McpDeps } from "./deps";
import { createSessionServer } from "./server";
import { openSessionOrThrow, SessionRefusedError, type SessionRefusal } from "./session-auth";
import { SessionBusyError, withSessionLock } from "./session-lock";
import { bearerToken } from "./tokens";
import { isTransientDbError } from "@/lib/db-retry";
import { databaseUnavailable } from "./database-unavailable";

/** Larger bodies are refused with 413 before parsing: no tool argument needs a megabyte. */
export const MAX_MCP_BODY_BYTES = 1_000_000;

const REFUSAL_STATUS: Record<SessionRefusal, number> = { unknown_session: 404, wrong_token: 401, expired: 403, closed: 403 };

export async function handleMcpRequest(deps: McpDeps, sessionId: string, request: Request): Promise<Response> {
  if (request.method !== "POST") {
    // Stateless server: no server-initiated stream to open (GET) and no session to delete (DELETE).
    return Response.json({ error: "Method not allowed: this MCP endpoint takes POST only" }, { status: 405, headers: { allow: "POST" } });
  }
  const token = bearerToken(request.headers);
  try {
    return await withSessionLock(sessionId, async () => {
      const session = await openSessionOrThrow(deps, sessionId, token);
      const server = createSessionServer(deps, { session: async () => session, forCall: (work) => work(session) });
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true, maxRequestBodySize: MAX_MCP_BODY_BYTES });
      await server.connect(transport);
      try {
        return await transport.handleRequest(request);
      } finally {
        // Torn down after the reply, not before it: the JSON response is complete and the client
        // need not wait for the per-request server's teardown.
        setImmediate(() => void server.close().catch(() => undefined));
      }
    });
  } catch (error) {
    if (error instanceof SessionRefusedError) {
      return Response.json({ error: error.message, reason: error.reason }, { status: REFUSAL_STATUS[error.reason], headers: { "www-authenticate": "Bearer" } });
    }
    if (error instanceof SessionBusyError) return Response.json({ error: error.message }, { status: 429 });
    if (isTransientDbError(error)) return databaseUnavailable();
    throw error;
  }
}
