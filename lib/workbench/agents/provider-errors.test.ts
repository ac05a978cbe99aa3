// How a model call's failure is classified (provider-errors.ts): the code, and the retries our fetch wrapper
// (lib/providers/retry-fetch.ts) counted.
import { APICallError } from "ai";
import { describe, expect, test } from "vitest";
import { classifyProviderError, ProviderError, RETRIES_HEADER } from "./provider-errors";

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
