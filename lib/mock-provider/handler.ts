// The scripted model's answers to Chat Completions requests, apart from any transport: the HTTP server
// (server.ts) and the in-process fetch (in-process.ts) both hand it a request and send back what it
// returns, so a run on the built-in `mock` endpoint sees exactly what a run against the server sees.
import type { Task } from "../workbench/datasets/types";
import { createTaskIndex, messageText, readConversation, type ConversationState } from "./conversation";
import { decideReply } from "./behaviours";
import { createFaultPlan } from "./faults";
import { applyStop, completionBody, contextWindowError, errorBody, estimateTokens, streamEvents, usageFor } from "./wire";
import { MOCK_BEHAVIOURS, type ChatRequest, type FaultKind, type MockBehaviour } from "./types";
import { RUNAWAY_CONTINUATION, strictOpenAIRejection } from "./strict-openai";
import { isConfidenceQuestion, mockConfidenceReply } from "./confidence";

export interface MockHandlerOptions {
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

/** A request as any transport receives it. */
export interface MockRequest {
  readonly method: string;
  /** The URL's path, without the query. */
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: () => Promise<string>;
  /** Aborted when the client gives up (a hang or the latency wait then ends at once). */
  readonly signal: AbortSignal;
}

export interface MockResponse {
  readonly status: number;
  readonly contentType: "application/json" | "text/event-stream";
  readonly body: string;
}

export interface MockHandler {
  readonly stats: MockStats;
  handle(request: MockRequest): Promise<MockResponse>;
}

const CHAT_PATHS = ["/v1/chat/completions", "/chat/completions"];

export function createMockHandler(options: MockHandlerOptions = {}): MockHandler {
  const stats: MockStats = { requests: 0, completions: 0, faults: { "429": 0, "500": 0, timeout: 0 }, rejected: 0, inFlight: 0, maxInFlight: 0 };
  const nextFault = createFaultPlan({ faultRate: options.faultRate ?? 0, seed: options.seed ?? 1, faultKinds: options.faultKinds, script: options.faultScript });
  const findTask = createTaskIndex(options.dataset?.tasks ?? []);
  /** Conversations started per task (their first turn), for the `flaky` behaviour. */
  const attempts = new Map<string, number>();

  async function chat(request: MockRequest): Promise<MockResponse> {
    const arrived = performance.now();
    const raw: unknown = JSON.parse(await request.body());
    const chatRequest = raw as ChatRequest;
    const fields = raw as Readonly<Record<string, unknown>>;
    options.onRequest?.(fields);
    if (options.apiKey !== undefined && request.authorization !== `Bearer ${options.apiKey}`) {
      stats.rejected++;
      return json(401, errorBody("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
    }
    const refused = options.strict ? strictOpenAIRejection(fields) : null;
    if (refused) {
      stats.rejected++;
      return json(refused.status, refused.body);
    }
    const fault = nextFault();
    if (fault) return injectFault(fault, stats, options.hangMs ?? 600_000, request.signal);
    const behaviour = MOCK_BEHAVIOURS.find((name) => name === chatRequest.model) ?? options.behaviour ?? "oracle";
    const promptText = chatRequest.messages.map(messageText).join("\n");
    const promptTokens = estimateTokens(promptText);
    const limit = options.maxContextTokens;
    if (behaviour === "context-window" || (limit !== undefined && promptTokens > limit)) {
      await untilLatencyPassed(arrived, request.signal);
      return json(400, contextWindowError(promptTokens, limit ?? 8192));
    }
    const conversation = readConversation(chatRequest, findTask);
    // The confidence turn is answered from its script by every behaviour (and starts no new attempt for `flaky`).
    const decided = isConfidenceQuestion(chatRequest)
      ? { kind: "text" as const, text: mockConfidenceReply(conversation.task) }
      : decideReply(behaviour, behaviour === "flaky" ? withAttempt(conversation, attempts) : conversation);
    const reply = decided.kind === "text" ? { ...decided, text: applyStop(options.strict ? runOn(decided.text, conversation.mode) : decided.text, chatRequest.stop) } : decided;
    const usage = usageFor(promptText, reply);
    const id = `chatcmpl-mock-${stats.requests}`;
    await untilLatencyPassed(arrived, request.signal);
    stats.completions++;
    if (chatRequest.stream) return { status: 200, contentType: "text/event-stream", body: streamEvents(id, chatRequest.model, reply, usage) };
    return json(200, completionBody(id, chatRequest.model, reply, usage));
  }

  /**
   * The reply is computed first and sent `latencyMs` after the request arrived: the latency is the
   * provider's whole answer time, so the mock's own work does not add to it (with 32 requests
   * answered at once it would, and the bench would count it as the harness's).
   */
  async function untilLatencyPassed(arrived: number, signal: AbortSignal): Promise<void> {
    const left = (options.latencyMs ?? 0) - (performance.now() - arrived);
    if (left > 0) await delay(left, signal);
  }

  return {
    stats,
    async handle(request) {
      if (request.method === "GET" && request.path === "/v1/models") {
        return json(200, { object: "list", data: MOCK_BEHAVIOURS.map((id) => ({ id, object: "model", owned_by: "mock" })) });
      }
      if (request.method !== "POST" || !CHAT_PATHS.includes(request.path)) {
        return json(404, errorBody(`No route ${request.method} ${request.path}`, "invalid_request_error", null));
      }
      stats.requests++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        return await chat(request);
      } catch (error) {
        return json(500, errorBody(`Mock failure: ${String(error)}`, "server_error", null));
      } finally {
        stats.inFlight--; // answered, failed or abandoned by the client
      }
    },
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

async function injectFault(fault: FaultKind, stats: MockStats, hangMs: number, signal: AbortSignal): Promise<MockResponse> {
  stats.faults[fault]++;
  if (fault === "429") return json(429, errorBody("Rate limit reached (mock)", "rate_limit_error", "rate_limit_exceeded"));
  if (fault === "500") return json(500, errorBody("Internal server error (mock)", "server_error", null));
  // A hang: answer only long after any sensible client timeout, unless the client gives up first.
  await delay(hangMs, signal);
  return json(504, errorBody("Gateway timeout (mock)", "server_error", null));
}

function json(status: number, body: unknown): MockResponse {
  return { status, contentType: "application/json", body: JSON.stringify(body) };
}

/** Waits `ms`, or less when the client gave up (nobody reads the answer then). */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
