// One MCP server per session, built with the official SDK's low-level Server so the tool list carries
// our own JSON Schemas and every call is validated and executed by lib/external-runs/session-tools (the same path
// as the built-in agents), for stdio (stdio.ts). Streamable HTTP answers the same methods without a
// Server per request (http-dispatch.ts), with the same results and errors (toolCallResult, toProtocolError).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isTransientDbError } from "@/lib/db-retry";
import { DATABASE_RETRY_AFTER_S } from "./database-unavailable";
import { SessionRefusedError } from "./session-auth";
import { JsonRpcError } from "./jsonrpc-checks";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { DATE_PREAMBLE } from "@/lib/workbench/agents";
import type { McpDeps } from "./deps";
import type { OpenSession } from "./session-auth";
import { callSessionTool, listTools, sessionTools, type ToolCallReply } from "./session-tools";

/** The JSON-RPC error code of a request on a session that is over (`data.reason`: expired, closed, cancelled). */
export const SESSION_CLOSED_CODE = -32001;

export const SERVER_INFO = { name: "workbench-studio", version: "1.0.0" };
export const SERVER_INSTRUCTIONS = `A WorkBench task's sandbox (calendar, email, analytics, project tasks, CRM, company directory). ${DATE_PREAMBLE} Every call acts on this task's sandbox and is scored on the state it leaves.`;

/**
 * `session()` returns the open session at the time of each request (it throws SessionRefusedError
 * when the session is closed, expired or the token is wrong); `forCall` serialises calls when the
 * transport does not already (stdio).
 */
export interface SessionAccess {
  session(): Promise<OpenSession>;
  forCall<T>(work: (session: OpenSession) => Promise<T>): Promise<T>;
}

// Each Server would compile its own Ajv instance (over 1 ms), used only for elicitation, which this
// server never sends: one shared validator for every server of the process.
const sharedValidator = new AjvJsonSchemaValidator();

export function createSessionServer(deps: McpDeps, access: SessionAccess): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS, jsonSchemaValidator: sharedValidator });
  server.setRequestHandler(ListToolsRequestSchema, () =>
    asProtocolErrors(async () => {
      const session = await access.session();
      return { tools: await listTools(await sessionTools(deps, session)) };
    }),
  );
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    asProtocolErrors(async (): Promise<CallToolResult> => {
      const { name, arguments: input } = request.params;
      return toolCallResult(name, await access.forCall((session) => callSessionTool(deps, session, name, input)));
    }),
  );
  return server;
}

/**
 * A tools/call reply as MCP answers it. The MCP spec's tools/call error handling: an unknown tool is a
 * protocol error (-32602); arguments that fail the tool's schema are a tool execution error (isError),
 * which the model reads.
 */
export function toolCallResult(name: string, reply: ToolCallReply): CallToolResult {
  if (reply.unknownTool) throw new JsonRpcError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  return { content: [{ type: "text", text: reply.text }], isError: reply.isError };
}

/**
 * What a failed handler answers: its own JsonRpcError as is; a closed or expired session (stdio) and a
 * transient database state with a message saying so; anything else as "Internal error", the details
 * logged to stderr only (the SDK would send the raw message, a database error's included).
 */
async function asProtocolErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toProtocolError(error);
  }
}

export function toProtocolError(error: unknown): JsonRpcError {
  if (error instanceof JsonRpcError) return error;
  // A server-defined error (JSON-RPC reserves -32000…-32099 for them): the session is over (stdio).
  if (error instanceof SessionRefusedError) return new JsonRpcError(SESSION_CLOSED_CODE, error.message, { reason: error.reason });
  if (isTransientDbError(error)) {
    return new JsonRpcError(ErrorCode.InternalError, "The database is busy or restarting: retry the request", { retryAfterMs: DATABASE_RETRY_AFTER_S * 1000 });
  }
  console.error("[mcp] request failed:", error);
  return new JsonRpcError(ErrorCode.InternalError, "Internal error");
}
