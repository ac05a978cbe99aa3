// The 2026 harness's routes as configured endpoints (upstream agent.py _PROVIDER_BASE_URLS): Claude
// through Anthropic's OpenAI-compatible Chat Completions endpoint and Gemini through Google's, each
// present when its vendor key is set, and each key sent only to its own vendor.
import { describe, expect, test } from "vitest";
import { loadEndpoints, resolveModelTarget } from "./endpoints";

const base = { WORKBENCH_ENDPOINTS_FILE: "/nonexistent/endpoints.json" };

describe("2026 harness endpoints", () => {
  test("anthropic-openai and gemini are OpenAI-compatible endpoints at upstream's base URLs, keyed by their vendor's variable", () => {
    const env = { ...base, ANTHROPIC_API_KEY: "sk-ant-test", GEMINI_API_KEY: "gm-test" };
    const endpoints = loadEndpoints(env);
    expect(endpoints.get("anthropic-openai")).toMatchObject({ kind: "openai-compatible", baseUrl: "https://api.anthropic.com/v1", keyEnv: "ANTHROPIC_API_KEY" });
    expect(endpoints.get("gemini")).toMatchObject({ kind: "openai-compatible", baseUrl: "https://generativelanguage.googleapis.com/v1beta/openai", keyEnv: "GEMINI_API_KEY" });
    expect(resolveModelTarget({ endpoint: "gemini", model: "gemini-3.1-pro-preview" }, endpoints, env)).toMatchObject({ apiKey: "gm-test", kind: "openai-compatible" });
    expect(resolveModelTarget({ endpoint: "anthropic-openai", model: "claude-sonnet-4-6" }, endpoints, env)).toMatchObject({ apiKey: "sk-ant-test" });
  });

  test("absent without the vendor key", () => {
    const endpoints = loadEndpoints(base);
    expect(endpoints.has("anthropic-openai")).toBe(false);
    expect(endpoints.has("gemini")).toBe(false);
  });
});
