// The one place that turns a provider choice into an AI SDK LanguageModel. Keys come only from the
// server environment; they are never passed in, logged or returned.
import type { LanguageModel } from "ai";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { MissingApiKeyError } from "./errors";
import { createRetryingFetch, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-fetch";

/** Server environment variables (only the key variables are read). */
type Environment = Readonly<Record<string, string | undefined>>;

export const PROVIDERS = ["openai", "anthropic", "openai-compatible", "mock"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** Which model to talk to. `baseUrl` selects the server for openai-compatible (Ollama, vLLM, LM Studio, OpenRouter) and mock. */
export interface ModelSpec {
  readonly provider: ProviderName;
  readonly model: string;
  readonly baseUrl?: string;
  /** Overrides of the retry/timeout policy (tests use small delays). */
  readonly retry?: Partial<RetryPolicy>;
}

/** Key variable per provider; openai-compatible's key is optional (local servers need none). */
export const API_KEY_VARIABLES = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  "openai-compatible": "OPENAI_COMPATIBLE_API_KEY",
  mock: null,
} as const satisfies Record<ProviderName, string | null>;

export function createModel(spec: ModelSpec, env: Environment = process.env): LanguageModel {
  const fetch = createRetryingFetch({ ...DEFAULT_RETRY_POLICY, ...spec.retry });
  switch (spec.provider) {
    case "openai": {
      const apiKey = requireKey(env, API_KEY_VARIABLES.openai);
      // Chat Completions, not Responses: the ReAct agent needs stop sequences.
      return createOpenAI({ apiKey, baseURL: spec.baseUrl, fetch }).chat(spec.model);
    }
    case "anthropic": {
      const apiKey = requireKey(env, API_KEY_VARIABLES.anthropic);
      return createAnthropic({ apiKey, baseURL: spec.baseUrl, fetch })(spec.model);
    }
    case "openai-compatible": {
      const apiKey = env[API_KEY_VARIABLES["openai-compatible"]] || undefined;
      const baseURL = requireBaseUrl(spec);
      return createOpenAICompatible({ name: "openai-compatible", baseURL, apiKey, fetch, includeUsage: true })(spec.model);
    }
    case "mock": {
      const baseURL = requireBaseUrl(spec);
      return createOpenAICompatible({ name: "mock", baseURL, fetch, includeUsage: true })(spec.model);
    }
    default: {
      const unknown: never = spec.provider;
      throw new Error(`Unknown provider: ${String(unknown)}`);
    }
  }
}

function requireKey(env: Environment, variable: string): string {
  const value = env[variable];
  if (!value) throw new MissingApiKeyError(variable);
  return value;
}

function requireBaseUrl(spec: ModelSpec): string {
  if (!spec.baseUrl) throw new Error(`Provider "${spec.provider}" needs a base URL (e.g. http://127.0.0.1:11434/v1)`);
  return spec.baseUrl.replace(/\/+$/, "");
}
