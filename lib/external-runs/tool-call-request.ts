// One `tools/call` of a session as a request serves it, without the transport: the session's lock, the
// session check (token, open, deadline) and the call through the tool pipeline. The MCP route runs
// exactly this inside its JSON-RPC handling; the benchmark calls it in-process as the baseline the
// route's overhead is measured against.
import type { McpDeps } from "./deps";
import { openSessionOrThrow } from "./session-auth";
import { withSessionLock } from "./session-lock";
import { callSessionTool, type ToolCallReply } from "./session-tools";

export function serveToolCall(deps: McpDeps, sessionId: string, token: string | null, name: string, input: unknown): Promise<ToolCallReply> {
  return withSessionLock(sessionId, async () => callSessionTool(deps, await openSessionOrThrow(deps, sessionId, token), name, input));
}
