import { describe, expect, test } from "vitest";
import { launchFormToObject, launchRunInputSchema } from "./launch-input";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [key, value] of fields) data.append(key, value);
  return data;
}

describe("launchRunInputSchema", () => {
  test("applies the paper's defaults", () => {
    const input = launchRunInputSchema.parse({ agent: "oracle" });
    expect(input).toMatchObject({ groundTruth: "v1", toolSet: "all", trials: 1, concurrency: 4, temperature: 0, maxSteps: 20, timeoutMs: 120_000, domains: [] });
  });

  test.each([
    { name: "react without provider and model", input: { agent: "react" }, fields: ["provider", "model"] },
    { name: "tools on a mock provider without base URL", input: { agent: "tools", provider: "mock", model: "m" }, fields: ["baseUrl"] },
    { name: "replay without a results file", input: { agent: "replay" }, fields: ["resultsFile"] },
    { name: "concurrency above 64", input: { agent: "noop", concurrency: 65 }, fields: ["concurrency"] },
    { name: "concurrency 0", input: { agent: "noop", concurrency: 0 }, fields: ["concurrency"] },
    { name: "an unknown domain", input: { agent: "noop", domains: ["hr"] }, fields: ["domains"] },
    { name: "an unknown agent", input: { agent: "gpt" }, fields: ["agent"] },
  ])("rejects $name", ({ input, fields }) => {
    const result = launchRunInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => String(issue.path[0])) ?? [];
    expect([...new Set(paths)].sort()).toEqual([...fields].sort());
  });

  test("accepts a complete model run", () => {
    const result = launchRunInputSchema.safeParse({
      agent: "tools", provider: "openai-compatible", model: "llama3", baseUrl: "http://127.0.0.1:11434/v1",
      toolSet: "domains", domains: ["email", "calendar"], limit: "10", trials: "3", concurrency: "16",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ limit: 10, trials: 3, concurrency: 16, domains: ["email", "calendar"] });
  });
});

describe("launchFormToObject", () => {
  test("drops empty fields so defaults apply and gathers domains from repeated or comma fields", () => {
    const object = launchFormToObject(
      form([["agent", "noop"], ["model", ""], ["limit", " "], ["domains", "email"], ["domains", "crm_x, calendar"], ["$ACTION_ID_1", "x"]]),
    );
    expect(object).toEqual({ agent: "noop", domains: ["email", "crm_x", "calendar"] });
  });
});
