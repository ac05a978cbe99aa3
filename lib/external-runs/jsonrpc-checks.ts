// What the SDK's transports and Server get wrong for a client we did not write, checked before a
// message reaches them (both transports: http-handler.ts, stdio-transport.ts). JSON-RPC 2.0 §5.1:
//   -32700 parse error      the text is not JSON (the SDK's HTTP transport: right; its stdio one: no reply)
//   -32600 invalid request  JSON, but not a JSON-RPC message (the SDK says -32700)
//   -32602 invalid params   a request whose params do not fit its method (the SDK says -32603 with a
//                           raw zod dump); the message names the expected shape instead
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";

export interface JsonRpcErrorReply {
  readonly jsonrpc: "2.0";
  readonly id: string | number | null;
  readonly error: { readonly code: number; readonly message: string };
}

interface MethodParams {
  readonly schema: { safeParse(value: unknown): { success: boolean } };
  /** The expected shape, said once instead of the validator's issue list. */
  readonly expected: string;
}

/** The methods this server answers, with their params' shape. */
const METHOD_PARAMS: Record<string, MethodParams> = {
  initialize: { schema: InitializeRequestSchema, expected: "params.protocolVersion (string), params.capabilities (object), params.clientInfo ({ name, version })" },
  "tools/list": { schema: ListToolsRequestSchema, expected: "no params, or params.cursor (string)" },
  "tools/call": { schema: CallToolRequestSchema, expected: "params.name (string) and params.arguments (an object)" },
  ping: { schema: PingRequestSchema, expected: "no params" },
};

export type CheckedMessage = { readonly ok: true; readonly message: JSONRPCMessage } | { readonly ok: false; readonly reply: JsonRpcErrorReply };

/**
 * An error a request handler throws to answer with this code and exactly this message (the SDK's
 * McpError would prefix "MCP error <code>: " to the message the client sees).
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "JsonRpcError";
  }
}

export function errorReply(id: string | number | null, code: number, message: string): JsonRpcErrorReply {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

export const PARSE_ERROR_REPLY = errorReply(null, ErrorCode.ParseError, "Parse error: the message is not valid JSON");

/** Checks one parsed JSON value as a JSON-RPC message for this server. */
export function checkMessage(value: unknown): CheckedMessage {
  const id = requestId(value);
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success) {
    return { ok: false, reply: errorReply(id, ErrorCode.InvalidRequest, 'Invalid Request: expected a JSON-RPC 2.0 message ({"jsonrpc": "2.0", "method": …, "id": …})') };
  }
  const message = parsed.data;
  if ("method" in message && "id" in message) {
    const params = METHOD_PARAMS[message.method];
    if (params && !params.schema.safeParse(message).success) {
      return { ok: false, reply: errorReply(message.id, ErrorCode.InvalidParams, `Invalid params for ${message.method}: expected ${params.expected}`) };
    }
  }
  return { ok: true, message };
}

/** The id to answer an invalid message with: its own when it has a usable one, else null (JSON-RPC §5). */
function requestId(value: unknown): string | number | null {
  if (typeof value !== "object" || value === null || !("id" in value)) return null;
  const id = (value as { id: unknown }).id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}
