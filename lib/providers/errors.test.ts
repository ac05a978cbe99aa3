import { APICallError } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { classifyProviderError, ProviderError, redactSecrets, RETRIES_HEADER } from "./errors";
import { createModelForEndpoint } from "./models";

function apiError(statusCode: number, responseBody: string, headers: Record<string, string> = {}) {
  return new APICallError({ message: "failed", url: "http://x", requestBodyValues: {}, statusCode, responseBody, responseHeaders: headers });
}

describe("classifyProviderError", () => {
  test.each([
    [apiError(400, '{"error":{"code":"context_length_exceeded"}}'), "context_window"],
    [apiError(400, "This model's maximum context length is 8192 tokens"), "context_window"],
    [apiError(400, '{"type":"error","error":{"message":"prompt is too long: 250000 tokens > 200000 maximum"}}'), "context_window"],
    [apiError(400, '{"error":{"message":"bad field"}}'), "bad_request"],
    [apiError(429, "slow down"), "rate_limit"],
    [apiError(503, "overloaded"), "server"],
    [apiError(401, "invalid key"), "auth"],
    [apiError(408, ""), "timeout"],
    [new ProviderError("timeout", "Request timed out"), "timeout"],
    [Object.assign(new Error("The operation timed out"), { name: "TimeoutError" }), "timeout"],
    [new Error("fetch failed: ECONNREFUSED"), "network"],
    [new Error("something else"), "unknown"],
  ] as const)("%s → %s", (error, code) => {
    expect(classifyProviderError(error).code).toBe(code);
  });

  test("reads the retry count our fetch wrapper put on the response", () => {
    expect(classifyProviderError(apiError(500, "", { [RETRIES_HEADER]: "4" })).retries).toBe(4);
  });
});

describe("secrets", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  test("messages never carry a configured key or a bearer token", () => {
    process.env.OPENAI_COMPATIBLE_API_KEY = "local-secret-123456";
    const text = redactSecrets("key local-secret-123456, Authorization: Bearer abc.def, sk-abcdefghijkl");
    expect(text).not.toMatch(/local-secret|abc\.def|sk-abcdefghijkl/);
  });

  test.each([
    ["openai", "OPENAI_API_KEY"],
    ["anthropic", "ANTHROPIC_API_KEY"],
  ] as const)("%s without its key fails naming %s", (endpoint, variable) => {
    expect(() => createModelForEndpoint({ endpoint, model: "m" }, {})).toThrowError(expect.objectContaining({ code: "missing_key", variable }));
  });

  test("the keyless custom endpoint needs no key; mock needs a base URL", () => {
    expect(() => createModelForEndpoint({ endpoint: "custom", model: "llama3", baseUrl: "http://127.0.0.1:11434/v1" }, {})).not.toThrow();
    expect(() => createModelForEndpoint({ endpoint: "mock", model: "oracle" }, {})).toThrow(/base URL/);
  });
});
