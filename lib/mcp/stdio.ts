// MCP over stdio for local agents (`workbench mcp --run <id> --token <session token>`): the same
// session server as over HTTP, the session found by its token. Each request re-reads the session, so
// a finish, a deadline or a cancel made through the web server ends it here too. Nothing but the
// protocol may be written to stdout.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { McpDeps } from "./deps";
import { createSessionServer } from "./server";
import { openSessionOrThrow, sessionIdForToken } from "./session-auth";
import { withSessionLock } from "./session-lock";

/** Serves the session until stdin closes; rejects at once when the token opens no session of the run. */
export async function serveSessionOverStdio(deps: McpDeps, runId: string, token: string): Promise<void> {
  const sessionId = await sessionIdForToken(deps, runId, token);
  await openSessionOrThrow(deps, sessionId, token); // refuse a closed or expired session before serving
  const session = () => openSessionOrThrow(deps, sessionId, token);
  const server = createSessionServer(deps, {
    session,
    forCall: (work) => withSessionLock(sessionId, async () => work(await session())),
  });
  await server.connect(new StdioServerTransport());
  await new Promise<void>((resolve) => {
    server.onclose = resolve;
    process.stdin.once("end", () => void server.close());
  });
}
