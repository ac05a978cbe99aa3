// MCP over Streamable HTTP, stateless: each POST is authenticated against its session (URL) and token
// (Authorization: Bearer) and its messages answered as JSON (http-dispatch.ts). Nothing lives in
// memory between requests except caches of what never changes and the session's sandbox copy, so any
// web process can serve any session. Requests of one session run one at a time (session-lock.ts). The
// body is read and checked here (jsonrpc-checks.ts) so a malformed message gets the JSON-RPC code the
// spec gives it.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { databaseDown } from "@/lib/db-health";
import { isTransientDbError } from "@/lib/db-retry";
import { databaseUnavailable } from "./database-unavailable";
import type { McpDeps } from "./deps";
import { checkMessage, errorReply, PARSE_ERROR_REPLY, type JsonRpcErrorReply } from "./jsonrpc-checks";
import { answerMessages, headerProblem } from "./http-dispatch";
import { openSessionOrThrow, SessionRefusedError, type SessionRefusal } from "./session-auth";
import { SessionBusyError, withSessionLock } from "./session-lock";
import { bearerChallenge, bearerToken } from "@/lib/security/secrets";

/** Larger bodies are refused with 413 before parsing: no tool argument needs a megabyte. */
export const MAX_MCP_BODY_BYTES = 1_000_000;

/** The most messages one body may hold (as the SDK's transport allows). */
const MAX_BATCH = 100;

const REFUSAL_STATUS: Record<SessionRefusal, number> = { unknown_session: 404, wrong_token: 401, expired: 403, closed: 403, cancelled: 403 };

export async function handleMcpRequest(deps: McpDeps, sessionId: string, request: Request): Promise<Response> {
  if (request.method !== "POST") {
    // Stateless server: no server-initiated stream to open (GET) and no session to delete (DELETE).
    return Response.json({ error: "Method not allowed: this MCP endpoint takes POST only" }, { status: 405, headers: { allow: "POST" } });
  }
  // Not behind proxy.ts (see its matcher): the database check is made here. Down, the agent hears so at
  // once rather than after the reconnect policy's minute, past its own timeout.
  if (await databaseDown()) return databaseUnavailable();
  const token = bearerToken(request.headers);
  try {
    return await withSessionLock(sessionId, async () => {
      const session = await openSessionOrThrow(deps, sessionId, token);
      const body = await readMessages(request);
      if (body instanceof Response) return body;
      const messages = Array.isArray(body) ? body : [body];
      return headerProblem(request.headers, messages) ?? (await answerMessages(deps, messages, session, () => openSessionOrThrow(deps, sessionId, token)));
    });
  } catch (error) {
    if (error instanceof SessionRefusedError) {
      const headers: Record<string, string> = REFUSAL_STATUS[error.reason] === 401 ? { "www-authenticate": bearerChallenge(token) } : {};
      return Response.json({ error: error.message, reason: error.reason }, { status: REFUSAL_STATUS[error.reason], headers });
    }
    if (error instanceof SessionBusyError) return Response.json({ error: error.message }, { status: 429 });
    if (isTransientDbError(error)) return databaseUnavailable();
    throw error;
  }
}

/** The body's JSON-RPC message(s), or the error answer: 413, -32700 (not JSON), -32600, -32602. */
async function readMessages(request: Request): Promise<JSONRPCMessage | JSONRPCMessage[] | Response> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  const text = declared > MAX_MCP_BODY_BYTES ? null : await textWithin(request, MAX_MCP_BODY_BYTES);
  if (text === null) return Response.json(errorReply(null, -32000, `Request body over ${MAX_MCP_BODY_BYTES} bytes`), { status: 413 });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return rpcError(PARSE_ERROR_REPLY, 400);
  }
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0) return rpcError(errorReply(null, -32600, "Invalid Request: an empty batch"), 400);
  const messages: JSONRPCMessage[] = [];
  for (const item of values) {
    const checked = checkMessage(item);
    // Params that do not fit a valid request: a JSON-RPC error response to that request (HTTP 200).
    if (!checked.ok) return rpcError(checked.reply, checked.reply.error.code === -32602 ? 200 : 400);
    messages.push(checked.message);
  }
  if (messages.length > MAX_BATCH) return Response.json({ jsonrpc: "2.0", error: { code: -32600, message: `Invalid Request: Batch must not exceed ${MAX_BATCH} messages` }, id: null }, { status: 400 });
  return Array.isArray(value) ? messages : messages[0]!;
}

/** The body as text, or null as soon as it passes `limit` bytes (a chunked body has no declared length). */
async function textWithin(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function rpcError(reply: JsonRpcErrorReply, status: number): Response {
  return Response.json(reply, { status });
}
