// MCP over stdio for local agents (`workbench mcp --run <id> --token <session token>`): the same
// session server as over HTTP, the session found by its token. Each request re-reads the session, so
// a finish, a deadline or a cancel made through the web server ends it here too. Nothing but the
// protocol may be written to stdout.
import type { McpDeps } from "./deps";
import { createSessionServer } from "./server";
import { openSessionOrThrow, sessionIdForToken } from "./session-auth";
import { withSessionLock } from "./session-lock";
import { LineDelimitedStdioTransport } from "./stdio-transport";

/** Serves the session until stdin closes or `signal` aborts; rejects at once when the token opens no session of the run. */
export async function serveSessionOverStdio(deps: McpDeps, runId: string, token: string, options: { signal?: AbortSignal } = {}): Promise<void> {
  const sessionId = await sessionIdForToken(deps, runId, token);
  await openSessionOrThrow(deps, sessionId, token); // refuse a closed or expired session before serving
  const session = () => openSessionOrThrow(deps, sessionId, token);
  const server = createSessionServer(deps, {
    session,
    forCall: (work) => withSessionLock(sessionId, async () => work(await session())),
  });
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new LineDelimitedStdioTransport()); // closes the server when stdin ends
  const stop = () => void server.close();
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener("abort", stop, { once: true });
  await closed;
  options.signal?.removeEventListener("abort", stop);
}
