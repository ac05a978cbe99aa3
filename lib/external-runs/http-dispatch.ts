// The answers of a stateless MCP server over Streamable HTTP, made directly instead of through an SDK
// Server + transport built for every request: those cost about a millisecond of CPU per call (zod
// parses of every message and result, stream bookkeeping, a server's setup and teardown), more than
// the tool call itself. The protocol is small enough for the methods this server has: initialize,
// ping, tools/list, tools/call; notifications and responses need no answer. What a client sees is
// what the SDK's StreamableHTTP transport (JSON response mode) and Server answered (checked by
// http-handler.db.test.ts): the same header checks, status codes, results and error objects.
// stdio keeps the SDK Server (server.ts): one per process, so its cost is paid once.
import {
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpDeps } from "./deps";
import { JsonRpcError } from "./jsonrpc-checks";
import { SERVER_INFO, SERVER_INSTRUCTIONS, toProtocolError, toolCallResult } from "./server";
import type { OpenSession } from "./session-auth";
import { callSessionTool, listTools, sessionTools } from "./session-tools";

/** A transport-level refusal (before any message is handled), as the SDK transport words it. */
function transportError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}

const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest => "method" in message && "id" in message;

/** `application/json`, with parameters (charset) allowed: the media type parsed, never a substring. */
function isJsonContentType(value: string | null): boolean {
  return value?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/**
 * The checks the Streamable HTTP spec puts on a POST (in the SDK transport's order): Accept must list
 * both JSON and SSE (406), the body must be JSON (415), one initialize per body (400), and after
 * initialization an MCP-Protocol-Version header, when sent, must be a supported version (400).
 */
export function headerProblem(headers: Headers, messages: readonly JSONRPCMessage[]): Response | null {
  const accept = headers.get("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) {
    return transportError(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
  }
  if (!isJsonContentType(headers.get("content-type"))) {
    return transportError(415, -32000, "Unsupported Media Type: Content-Type must be application/json");
  }
  const initializes = messages.filter((message) => isRequest(message) && message.method === "initialize").length;
  if (initializes > 1 || (initializes === 1 && messages.length > 1)) {
    return transportError(400, ErrorCode.InvalidRequest, "Invalid Request: Only one initialization request is allowed");
  }
  const version = headers.get("mcp-protocol-version");
  if (initializes === 0 && version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    const supported = SUPPORTED_PROTOCOL_VERSIONS.join(", ");
    return transportError(400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`);
  }
  return null;
}

/**
 * Answers the requests among `messages` in order, one at a time (two tool calls of one body must not
 * both write the same trace position). `session` is the session as opened for this HTTP request; each
 * request after the first sees it afresh (`reopen`), as a new HTTP request would. Notifications and
 * responses are not answered: 202 with no body when nothing else came.
 */
export async function answerMessages(
  deps: McpDeps,
  messages: readonly JSONRPCMessage[],
  session: OpenSession,
  reopen: () => Promise<OpenSession>,
): Promise<Response> {
  const requests = messages.filter(isRequest);
  if (requests.length === 0) return new Response(null, { status: 202 });
  const replies: unknown[] = [];
  for (const [position, request] of requests.entries()) {
    try {
      const result = await answer(deps, request, position === 0 ? session : await reopen());
      replies.push({ result, jsonrpc: "2.0", id: request.id });
    } catch (error) {
      const { code, message, data } = toProtocolError(error);
      replies.push({ jsonrpc: "2.0", id: request.id, error: { code, message, ...(data !== undefined ? { data } : {}) } });
    }
  }
  return Response.json(replies.length === 1 ? replies[0] : replies);
}

async function answer(deps: McpDeps, request: JSONRPCRequest, session: OpenSession): Promise<unknown> {
  // The params were checked against the method's schema before (jsonrpc-checks.ts).
  const params = (request.params ?? {}) as Record<string, unknown>;
  switch (request.method) {
    case "initialize": {
      const requested = params.protocolVersion as string;
      return {
        protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION,
        capabilities: { tools: {} },
        serverInfo: SERVER_INFO,
        instructions: SERVER_INSTRUCTIONS,
      };
    }
    case "ping":
      return {};
    case "tools/list":
      return { tools: await listTools(await sessionTools(deps, session)) };
    case "tools/call": {
      const name = params.name as string;
      return toolCallResult(name, await callSessionTool(deps, session, name, params.arguments));
    }
    default:
      throw new JsonRpcError(ErrorCode.MethodNotFound, "Method not found");
  }
}
