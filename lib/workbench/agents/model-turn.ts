// One model call (one generateText), recorded as a model step with tokens, latency, finish reason
// and the provider retries our fetch wrapper counted. SDK retries are off: lib/providers retries.
import { generateText, type ModelMessage, type ToolSet } from "ai";
import type { AgentDeps, AgentStep } from "./types";
import { temperatureOf } from "./required-deps";
import type { Trace } from "./trace";
import { runErrorFrom, type RunError } from "./run-errors";
import { classifyProviderError, retriesFromHeaders } from "./provider-errors";
import { resolveRequestParams, type ModelRequestParams } from "./request-params";

export interface TurnRequest {
  readonly system: string;
  readonly messages: ModelMessage[];
  readonly tools?: ToolSet;
  /** Sent only where the model takes them (the capability table); otherwise the caller cuts the reply itself. */
  readonly stopSequences?: string[];
  /** Provider-specific request options (the 2026 harness keeps the "system" role for every OpenAI model). */
  readonly providerOptions?: Parameters<typeof generateText>[0]["providerOptions"];
  /** "none" on the confidence turn: the tools stay declared but none may be called. Unset: the SDK's default. */
  readonly toolChoice?: "none";
}

export type TurnResult =
  | { readonly ok: true; readonly result: Awaited<ReturnType<typeof generateText<ToolSet>>> }
  | { readonly ok: false; readonly error: RunError };

/** A model step as a turn produced it (kind "model"). */
export type ModelStepOf = Extract<AgentStep, { kind: "model" }>;

export function modelTurn(deps: AgentDeps, trace: Trace, request: TurnRequest): Promise<TurnResult> {
  return generateTurn(deps, trace, request, (step) => trace.record(step));
}

/**
 * One model call; `record` records its step (modelTurn: as a model step; the confidence turn,
 * confidence.ts: as a step of its own kind). The retries of a call that finally failed go to the trace.
 */
export async function generateTurn(deps: AgentDeps, trace: Trace, request: TurnRequest, record: (step: ModelStepOf) => Promise<void>): Promise<TurnResult> {
  if (!deps.model) throw new Error("This agent needs a model (deps.model)");
  const params = requestParamsOf(deps);
  const started = performance.now();
  try {
    const result = await generateText({
      model: deps.model,
      system: request.system,
      messages: request.messages,
      tools: request.tools,
      // Only the confidence turn sets one; every other request is as it always was.
      ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}),
      stopSequences: params.stopSequences === "server" ? request.stopSequences : undefined,
      temperature: params.temperature ?? undefined,
      reasoning: params.reasoningEffort ?? undefined,
      maxRetries: 0,
      abortSignal: deps.signal,
      providerOptions: request.providerOptions,
    });
    await record({
      kind: "model",
      text: result.text,
      inputTokens: result.usage.inputTokens ?? 0,
      outputTokens: result.usage.outputTokens ?? 0,
      latencyMs: Math.round(performance.now() - started),
      finishReason: result.finishReason,
      retries: retriesFromHeaders(result.finalStep.response.headers),
    });
    return { ok: true, result };
  } catch (error) {
    if (!deps.signal.aborted) trace.addRetries(classifyProviderError(error).retries);
    return { ok: false, error: runErrorFrom(error, deps.signal) };
  }
}

/** The run's resolved parameters, or (tests, scripts) the capability table's answer for this model at `deps.temperature`. */
export function requestParamsOf(deps: AgentDeps): ModelRequestParams {
  if (deps.requestParams) return deps.requestParams;
  const temperature = temperatureOf(deps);
  const model = deps.model;
  if (typeof model === "string" || model === undefined) return resolveRequestParams({ model: model ?? "", temperature });
  // The vendor SDKs name themselves "openai.chat", "anthropic.messages"; others are OpenAI-compatible.
  const vendor = model.provider.split(".")[0];
  const kind = vendor === "openai" || vendor === "anthropic" ? vendor : undefined;
  return resolveRequestParams({ model: model.modelId, kind, temperature });
}
