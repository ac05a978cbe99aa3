// A real HTTP server on 127.0.0.1 speaking the OpenAI Chat Completions API, for tests and demos:
// agents reach it through the ordinary AI SDK client (createModel({ provider: "mock", baseUrl })).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Task } from "../workbench/datasets/types";
import { createTaskIndex, messageText, readConversation, type ConversationState } from "./conversation";
import { decideReply } from "./behaviours";
import { createFaultPlan } from "./faults";
import { applyStop, completionBody, contextWindowError, errorBody, estimateTokens, streamEvents, usageFor } from "./wire";
import { MOCK_BEHAVIOURS, type ChatRequest, type FaultKind, type MockBehaviour } from "./types";
import { RUNAWAY_CONTINUATION, strictOpenAIRejection } from "./strict-openai";

export interface MockProviderOptions {
  /** Where ground truth comes from (an engine Dataset has `tasks`). */
  readonly dataset?: { readonly tasks: readonly Task[] };
  /** Default behaviour; a request whose `model` is a behaviour name uses that one instead. */
  readonly behaviour?: MockBehaviour;
  readonly latencyMs?: number;
  readonly faultRate?: number;
  readonly seed?: number;
  readonly faultKinds?: readonly FaultKind[];
  /** Faults for the first requests, in order (null = normal answer), before the rate applies. */
  readonly faultScript?: readonly (FaultKind | null)[];
  /** How long a "timeout" fault holds the request open (the client should give up first). */
  readonly hangMs?: number;
  /** Prompts estimated above this many tokens get a context-length error. */
  readonly maxContextTokens?: number;
  readonly port?: number;
  /**
   * Check every request as OpenAI's API does (strict-openai.ts): reasoning models refuse `stop`,
   * sampling parameters and `max_tokens` with 400, and a ReAct reply runs on past its action when the
   * request has no stop sequence. Refusals are counted in `stats.rejected`.
   */
  readonly strict?: boolean;
  /** When set, a request without `Authorization: Bearer <apiKey>` gets 401 (counted as rejected). */
  readonly apiKey?: string;
  /** Sees each chat request's body as it arrived (tests check the parameters on the wire). */
  readonly onRequest?: (body: Readonly<Record<string, unknown>>) => void;
}

export interface MockStats {
  requests: number;
  completions: number;
  faults: Record<FaultKind, number>;
  /** Requests refused for their parameters or their key (strict mode, apiKey). */
  rejected: number;
  /** Chat requests being answered right now, and the most there ever were at once. */
  inFlight: number;
  maxInFlight: number;
}

export interface MockProvider {
  /** Base URL for OpenAI-compatible clients, ending in /v1. */
  readonly url: string;
  readonly stats: MockStats;
  close(): Promise<void>;
}

export async function startMockProvider(options: MockProviderOptions = {}): Promise<MockProvider> {
  const stats: MockStats = { requests: 0, completions: 0, faults: { "429": 0, "500": 0, timeout: 0 }, rejected: 0, inFlight: 0, maxInFlight: 0 };
  const nextFault = createFaultPlan({
    faultRate: options.faultRate ?? 0,
    seed: options.seed ?? 1,
    faultKinds: options.faultKinds,
    script: options.faultScript,
  });
  const findTask = createTaskIndex(options.dataset?.tasks ?? []);
  /** Conversations started per task (their first turn), for the `flaky` behaviour. */
  const attempts = new Map<string, number>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0];
    if (req.method === "GET" && path === "/v1/models") {
      return sendJson(res, 200, { object: "list", data: MOCK_BEHAVIOURS.map((id) => ({ id, object: "model", owned_by: "mock" })) });
    }
    if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/chat/completions")) {
      return sendJson(res, 404, errorBody(`No route ${req.method} ${path}`, "invalid_request_error", null));
    }
    const arrived = performance.now();
    stats.requests++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    res.once("close", () => stats.inFlight--); // answered, failed or abandoned by the client
    const raw: unknown = JSON.parse(await readBody(req));
    const request = raw as ChatRequest;
    const fields = raw as Readonly<Record<string, unknown>>;
    options.onRequest?.(fields);
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      stats.rejected++;
      return sendJson(res, 401, errorBody("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
    }
    const refused = options.strict ? strictOpenAIRejection(fields) : null;
    if (refused) {
      stats.rejected++;
      return sendJson(res, refused.status, refused.body);
    }
    const fault = nextFault();
    if (fault) return injectFault(fault, res, stats, options.hangMs ?? 600_000);
    const behaviour = MOCK_BEHAVIOURS.find((name) => name === request.model) ?? options.behaviour ?? "oracle";
    const promptText = request.messages.map(messageText).join("\n");
    const promptTokens = estimateTokens(promptText);
    const limit = options.maxContextTokens;
    if (behaviour === "context-window" || (limit !== undefined && promptTokens > limit)) {
      await untilLatencyPassed(arrived);
      return sendJson(res, 400, contextWindowError(promptTokens, limit ?? 8192));
    }
    const conversation = readConversation(request, findTask);
    const decided = decideReply(behaviour, behaviour === "flaky" ? withAttempt(conversation, attempts) : conversation);
    const reply = decided.kind === "text" ? { ...decided, text: applyStop(options.strict ? runOn(decided.text, conversation.mode) : decided.text, request.stop) } : decided;
    const usage = usageFor(promptText, reply);
    const id = `chatcmpl-mock-${stats.requests}`;
    await untilLatencyPassed(arrived);
    stats.completions++;
    if (request.stream) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.end(streamEvents(id, request.model, reply, usage));
      return;
    }
    sendJson(res, 200, completionBody(id, request.model, reply, usage));
  }

  /**
   * The reply is computed first and sent `latencyMs` after the request arrived: the latency is the
   * provider's whole answer time, so the mock's own work does not add to it (with 32 requests
   * answered at once it would, and the bench would count it as the harness's).
   */
  async function untilLatencyPassed(arrived: number): Promise<void> {
    const left = (options.latencyMs ?? 0) - (performance.now() - arrived);
    if (left > 0) await delay(left);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(`Mock failure: ${String(error)}`, "server_error", null));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Strict mode: a ReAct action without a stop sequence runs on into an invented observation. */
function runOn(text: string, mode: "react" | "tools"): string {
  return mode === "react" && text.includes("Action:") && !text.includes('"Final Answer"') ? text + RUNAWAY_CONTINUATION : text;
}

/** Numbers the conversations about one task as they start; later turns keep no count (see `flaky`). */
function withAttempt(state: ConversationState, attempts: Map<string, number>): ConversationState {
  if (!state.task || state.turn > 0) return state;
  const attempt = attempts.get(state.task.key) ?? 0;
  attempts.set(state.task.key, attempt + 1);
  return { ...state, attempt };
}

function injectFault(fault: FaultKind, res: ServerResponse, stats: MockStats, hangMs: number): void {
  stats.faults[fault]++;
  if (fault === "429") return sendJson(res, 429, errorBody("Rate limit reached (mock)", "rate_limit_error", "rate_limit_exceeded"));
  if (fault === "500") return sendJson(res, 500, errorBody("Internal server error (mock)", "server_error", null));
  // A hang: answer only long after any sensible client timeout, unless the client gives up first.
  const timer = setTimeout(() => sendJson(res, 504, errorBody("Gateway timeout (mock)", "server_error", null)), hangMs);
  res.on("close", () => clearTimeout(timer));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
