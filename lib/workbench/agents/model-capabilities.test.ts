import { describe, expect, test } from "vitest";
import { capabilitiesOf, familyKey } from "./model-capabilities";
import { resolveRequestParams, UnsupportedParameterError } from "./request-params";

/**
 * Upstream WorkBench 2026's MODEL_REGISTRY (src/evals/agent.py at f7bed57): model id as sent to the
 * vendor (the "provider/" prefix is stripped on direct routes) and its supports_temperature flag.
 */
const UPSTREAM_REGISTRY: readonly [string, boolean][] = [
  ["openai/gpt-5.5", false], ["openai/gpt-5.4", true], ["openai/gpt-5.4-mini", false], ["openai/gpt-5.4-nano", false],
  ["openai/gpt-5.3", false], ["openai/gpt-5.2", false], ["openai/gpt-5.1", false], ["openai/gpt-5", false], ["openai/gpt-5-nano", false],
  ["anthropic/claude-fable-5", false], ["anthropic/claude-opus-4-8", false], ["anthropic/claude-opus-4-7", false], ["anthropic/claude-opus-4-6", false],
  ["anthropic/claude-opus-4-5-20251101", false], ["anthropic/claude-opus-4-1-20250805", false], ["anthropic/claude-opus-4-20250514", false],
  ["anthropic/claude-sonnet-4-6", true], ["anthropic/claude-sonnet-4-5-20250929", true], ["anthropic/claude-sonnet-4-20250514", true],
  ["anthropic/claude-haiku-4-5", true], ["google/gemini-3.5-flash", true], ["google/gemini-3.1-pro-preview", true],
  ["google/gemini-3-flash-preview", true], ["google/gemini-2.5-flash", true], ["google/gemini-3.1-flash-lite-preview", true],
  ["qwen/qwen3.5-flash-02-23", true], ["deepseek/deepseek-v4-pro", true], ["moonshotai/kimi-k2.6", true], ["z-ai/glm-4.6", true],
  ["mistralai/mistral-small-2603", true], ["mistralai/mistral-medium-3-5", true],
  ["openai/gpt-4.1", true], ["openai/o3", false], ["openai/o1", false], ["openai/gpt-4o", true],
  ["openai/gpt-4-turbo", true], ["openai/gpt-4", true], ["openai/gpt-3.5-turbo", true], ["anthropic/claude-2", true],
  ["meta-llama/llama-2-70b-chat", true], ["mistralai/mixtral-8x7b-instruct", true],
];

describe("the capability table", () => {
  test.each(UPSTREAM_REGISTRY)("%s: a temperature is sent exactly when upstream's registry sends one (%s)", (model, upstream) => {
    // Through an OpenAI-compatible gateway (upstream's OpenRouter route): no SDK strips anything there.
    const params = resolveRequestParams({ model, kind: "openai-compatible", temperature: 0 });
    expect(params.temperature === 0).toBe(upstream);
  });

  test.each([
    ["gpt-5-mini", "client", null],
    ["o4-mini", "client", null],
    ["o3-2025-04-16", "client", null],
    ["gpt-5-chat-latest", "server", 0],
    ["gpt-4o", "server", 0],
    ["claude-sonnet-4-5", "server", 0],
    ["llama3.1:8b", "server", 0],
  ] as const)("%s: stop sequences on the %s side, temperature %s", (model, side, temperature) => {
    const params = resolveRequestParams({ model, temperature: 0 });
    expect(params).toMatchObject({ stopSequences: side, temperature });
  });

  test("OpenAI reasoning models limit output with max_completion_tokens, the others with max_tokens", () => {
    expect(capabilitiesOf("gpt-5-mini").capabilities.maxTokensField).toBe("max_completion_tokens");
    expect(capabilitiesOf("gpt-4o").capabilities.maxTokensField).toBe("max_tokens");
  });

  test("gpt-5.4 on the OpenAI client keeps a temperature only with the effort 'none' sent (the SDK drops it otherwise)", () => {
    expect(resolveRequestParams({ model: "gpt-5.4", kind: "openai", temperature: 0 }).temperature).toBeNull();
    expect(resolveRequestParams({ model: "gpt-5.4", kind: "openai", temperature: 0, reasoningEffort: "none" }).temperature).toBe(0);
  });

  test("Claude with a reasoning effort (extended thinking) is sent no temperature", () => {
    expect(resolveRequestParams({ model: "claude-sonnet-4-5", kind: "anthropic", temperature: 0.3 }).temperature).toBe(0.3);
    expect(resolveRequestParams({ model: "claude-sonnet-4-5", kind: "anthropic", temperature: 0.3, reasoningEffort: "high" })).toMatchObject({ temperature: null, reasoningEffort: "high" });
  });

  test.each([
    ["gpt-5-mini", "none"],
    ["o4-mini", "minimal"],
    ["gpt-4o", "low"],
    ["claude-3-5-haiku-20241022", "low"],
  ] as const)("%s refuses the reasoning effort %s with a message naming what it takes", (model, effort) => {
    expect(() => resolveRequestParams({ model, temperature: 0, reasoningEffort: effort })).toThrow(UnsupportedParameterError);
    expect(() => resolveRequestParams({ model, temperature: 0, reasoningEffort: effort })).toThrow(new RegExp(`"${effort}" is not supported by ${model}`));
  });

  test("an unknown model (a local server) passes any effort through: the server decides", () => {
    expect(resolveRequestParams({ model: "qwen3:4b", kind: "openai-compatible", temperature: 0, reasoningEffort: "high" })).toMatchObject({ family: "unknown", reasoningEffort: "high", temperature: 0 });
  });

  test("family keys ignore case and gateway prefixes", () => {
    expect(familyKey(" OpenAI/GPT-5-Mini ")).toBe("gpt-5-mini");
    expect(capabilitiesOf("openrouter/openai/o3").family).toBe("openai-o-series");
  });
});
