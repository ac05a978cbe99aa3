// The model factory: which endpoints need a key, and (set up by importing it) the configured keys'
// values redacted from every provider error the engine classifies.
import { afterEach, describe, expect, test } from "vitest";
import { redactSecrets } from "@/lib/workbench/agents/provider-errors";
import { createModelForEndpoint } from "./models";

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

  test("the keyless custom endpoint needs no key; mock needs no base URL (served in-process)", () => {
    expect(() => createModelForEndpoint({ endpoint: "custom", model: "llama3", baseUrl: "http://127.0.0.1:11434/v1" }, {})).not.toThrow();
    expect(() => createModelForEndpoint({ endpoint: "mock", model: "oracle" }, {})).not.toThrow();
  });
});
