// The one place that turns a model target (lib/providers/endpoints.ts) into an AI SDK LanguageModel.
// Keys come only from the server environment, through the endpoint configuration; they are never
// passed in by users, logged or returned, and a keyed request can only go to its configured URL.
import type { LanguageModel } from "ai";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { IN_PROCESS_MOCK_URL, loadEndpoints, resolveModelTarget, type EndpointRequest, type ModelTarget, PROVIDER_KINDS, type ProviderKind } from "./endpoints";
import { createInProcessMock } from "@/lib/mock-provider/in-process";
import type { Task } from "@/lib/workbench/datasets/types";
import { MissingApiKeyError, redactSecretValuesFrom } from "@/lib/workbench/agents/provider-errors";
import { createRetryingFetch, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-fetch";

import { env as currentEnv, secretNamed, type EnvPart as Environment } from "@/lib/env";
type Fetch = typeof globalThis.fetch;

// Every process that can build a keyed model has the engine redact these keys' values from the
// provider errors it classifies (the engine reads no environment itself).
const KEY_VARIABLES = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_COMPATIBLE_API_KEY", "GEMINI_API_KEY"] as const;
redactSecretValuesFrom(() => KEY_VARIABLES.map((variable) => secretNamed(variable)));

/** Provider kinds (how to talk to a server); which servers exist is endpoint configuration. */
export const PROVIDERS = PROVIDER_KINDS;
export type ProviderName = ProviderKind;

export interface ModelSpec {
  readonly target: ModelTarget;
  readonly model: string;
  /** Overrides of the retry/timeout policy (tests use small delays). */
  readonly retry?: Partial<RetryPolicy>;
  /** The tasks whose ground truth the in-process scripted model follows (a mock target without a URL). */
  readonly mockDataset?: { readonly tasks: readonly Task[] };
}

export function createModel(spec: ModelSpec): LanguageModel {
  const { target } = spec;
  const policy = { ...DEFAULT_RETRY_POLICY, ...spec.retry };
  const retrying = createRetryingFetch(policy);
  if (target.keyEnv) {
    const apiKey = target.apiKey;
    if (!apiKey) throw new MissingApiKeyError(target.keyEnv);
    const fetch = pinnedFetch(target.baseUrl, retrying);
    switch (target.kind) {
      case "openai":
        // Chat Completions, not Responses: the ReAct agent needs stop sequences.
        return createOpenAI({ apiKey, baseURL: target.baseUrl, fetch }).chat(spec.model);
      case "anthropic":
        return createAnthropic({ apiKey, baseURL: target.baseUrl, fetch })(spec.model);
      case "openai-compatible":
        return createOpenAICompatible({ name: target.endpoint, baseURL: target.baseUrl, apiKey, fetch, includeUsage: true })(spec.model);
      case "mock":
        throw new Error("A mock endpoint takes no key");
      default: {
        const unknown: never = target.kind;
        throw new Error(`Unknown provider kind: ${String(unknown)}`);
      }
    }
  }
  // Keyless: only the OpenAI-compatible client, which reads no key variable of its own.
  if (target.kind !== "openai-compatible" && target.kind !== "mock") throw new Error(`A ${target.kind} endpoint needs a key`);
  // The scripted model in this process: the same client and retries, its fetch answered without a network.
  const fetch = target.kind === "mock" && target.baseUrl === IN_PROCESS_MOCK_URL ? createRetryingFetch(policy, createInProcessMock({ dataset: spec.mockDataset }).fetch) : retrying;
  return createOpenAICompatible({ name: target.endpoint, baseURL: target.baseUrl, fetch, includeUsage: true })(spec.model);
}

/** Resolves an endpoint request against the server's configuration and builds its model. */
export function createModelForEndpoint(request: EndpointRequest & Pick<ModelSpec, "retry" | "mockDataset">, env: Environment = currentEnv()): LanguageModel {
  const target = resolveModelTarget(request, loadEndpoints(env), env);
  return createModel({ target, model: request.model, retry: request.retry, mockDataset: request.mockDataset });
}

/**
 * Belt and braces for keyed endpoints: every request must stay under the configured base URL, and
 * redirects are refused (a redirect would carry headers such as x-api-key to wherever it points).
 */
export function pinnedFetch(baseUrl: string, inner: Fetch): Fetch {
  const prefix = `${baseUrl.replace(/\/+$/, "")}/`;
  return (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(prefix)) return Promise.reject(new Error(`Refusing to send a keyed request outside ${baseUrl}`));
    // "manual": the 3xx comes back unfollowed and the retrying fetch reports it as "redirect refused".
    return inner(input, { ...init, redirect: "manual" });
  };
}
