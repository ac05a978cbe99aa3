import { describe, expect, test } from "vitest";
import { launchFormToObject, launchRunInputSchema } from "./launch-input";
import { defaultTimeLimitMs } from "../settings/launch-options";

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

  test("workbench-2026 gets upstream's timing: 600 s checked between turns, a 75 s call deadline, 10 attempts", () => {
    const input = launchRunInputSchema.parse({ agent: "workbench-2026", endpoint: "openai", model: "gpt-5.4" });
    // The worker's hard deadline comes after the worst case of a last call started just before the limit.
    expect(input).toMatchObject({
      timeoutMs: 600_000 + 10 * 75_000 + 9 * 90_000,
      retry: { maxRetries: 9, requestTimeoutMs: 75_000, baseDelayMs: 2_000, maxDelayMs: 90_000 },
      harness2026: { timeLimitMs: 600_000 },
    });
    const given = launchRunInputSchema.parse({ agent: "workbench-2026", endpoint: "openai", model: "m", timeoutMs: 300_000, retry: { maxRetries: 2 }, harness2026: { structuredOutputs: false } });
    expect(given).toMatchObject({ harness2026: { timeLimitMs: 300_000, structuredOutputs: false }, retry: { maxRetries: 2, requestTimeoutMs: 75_000 } });
    expect(launchRunInputSchema.parse({ agent: "react", endpoint: "openai", model: "m" })).toMatchObject({ timeoutMs: 120_000 });
    expect(launchRunInputSchema.parse({ agent: "react", endpoint: "openai", model: "m" }).retry).toBeUndefined();
  });

  test("the form's timeout hint (defaultTimeLimitMs) is the limit launch applies to each agent", () => {
    for (const agent of ["react", "tools", "oracle", "noop"] as const) {
      expect(launchRunInputSchema.parse({ agent, endpoint: "mock", model: "m" }).timeoutMs).toBe(defaultTimeLimitMs(agent));
    }
    expect(launchRunInputSchema.parse({ agent: "workbench-2026", endpoint: "mock", model: "m" })).toMatchObject({ harness2026: { timeLimitMs: defaultTimeLimitMs("workbench-2026") } });
    expect(defaultTimeLimitMs("react")).toBe(120_000);
    expect(defaultTimeLimitMs("workbench-2026")).toBe(600_000);
  });

  test.each([
    { name: "react without endpoint and model", input: { agent: "react" }, fields: ["endpoint", "model"] },
    { name: "react without endpoint and model, and a limit that is no number (every field at once)", input: { agent: "react", limit: "abc", trials: "x" }, fields: ["endpoint", "model", "limit", "trials"] },
    { name: "a file: base URL", input: { agent: "tools", endpoint: "custom", model: "m", baseUrl: "file:///etc/passwd" }, fields: ["baseUrl"] },
    { name: "a javascript: base URL", input: { agent: "tools", endpoint: "custom", model: "m", baseUrl: "javascript:alert(1)" }, fields: ["baseUrl"] },
    { name: "a NUL byte in the run name", input: { agent: "noop", name: "a\u0000b" }, fields: ["name"] },
    { name: "a 10 MB run name", input: { agent: "noop", name: "x".repeat(10_000_000) }, fields: ["name"] },
    { name: "a negative budget", input: { agent: "noop", budgetUsd: "-1" }, fields: ["budgetUsd"] },
    { name: "replay without a results file", input: { agent: "replay" }, fields: ["resultsFile"] },
    { name: "concurrency above 64", input: { agent: "noop", concurrency: 65 }, fields: ["concurrency"] },
    { name: "concurrency 0", input: { agent: "noop", concurrency: 0 }, fields: ["concurrency"] },
    { name: "an unknown domain", input: { agent: "noop", domains: ["hr"] }, fields: ["domains"] },
    { name: "an unknown agent", input: { agent: "gpt" }, fields: ["agent"] },
    { name: "an unknown reasoning effort", input: { agent: "tools", endpoint: "openai", model: "o3", reasoningEffort: "turbo" }, fields: ["reasoningEffort"] },
  ])("rejects $name", ({ input, fields }) => {
    const result = launchRunInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => String(issue.path[0])) ?? [];
    expect([...new Set(paths)].sort()).toEqual([...fields].sort());
  });

  test("accepts a complete model run", () => {
    const result = launchRunInputSchema.safeParse({
      agent: "tools", endpoint: "custom", model: "llama3", baseUrl: "http://127.0.0.1:11434/v1",
      toolSet: "domains", domains: ["email", "calendar"], limit: "10", trials: "3", concurrency: "16",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ limit: 10, trials: 3, concurrency: 16, domains: ["email", "calendar"] });
  });

  test("`provider` is the older name of `endpoint`", () => {
    expect(launchRunInputSchema.parse({ agent: "tools", provider: "mock", model: "m" }).endpoint).toBe("mock");
    expect(launchRunInputSchema.parse({ agent: "tools", provider: "mock", endpoint: "custom", model: "m" }).endpoint).toBe("custom");
  });
});

describe("launchFormToObject", () => {
  test("drops empty fields so defaults apply and gathers domains from repeated or comma fields", () => {
    const object = launchFormToObject(
      form([["agent", "noop"], ["model", ""], ["limit", " "], ["domains", "email"], ["domains", "crm_x, calendar"], ["$ACTION_ID_1", "x"]]),
    );
    expect(object).toEqual({ agent: "noop", domains: ["email", "crm_x", "calendar"] });
  });

  test("gathers the workbench-2026 harness flags into harness2026; a value other than true/false is a field error there", () => {
    const object = launchFormToObject(form([["agent", "workbench-2026"], ["structuredOutputs", "false"], ["actWithoutConfirmation", "true"]]));
    expect(object).toEqual({ agent: "workbench-2026", harness2026: { structuredOutputs: false, actWithoutConfirmation: true } });
    expect(launchFormToObject(form([["agent", "noop"]]))).not.toHaveProperty("harness2026");
    const bad = launchRunInputSchema.safeParse(launchFormToObject(form([["agent", "noop"], ["structuredOutputs", "maybe"]])));
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual(["harness2026.structuredOutputs"]);
  });
});

describe("external runs", () => {
  test("need no provider or model; the model is a free label; mode defaults to pull", () => {
    const parsed = launchRunInputSchema.parse({ agent: "external" });
    expect(parsed).toMatchObject({ agent: "external", externalMode: "pull" });
    expect(launchRunInputSchema.parse({ agent: "external", model: "my agent", externalMode: "push" })).toMatchObject({ model: "my agent", externalMode: "push" });
    expect(launchRunInputSchema.safeParse({ agent: "external", externalMode: "carrier-pigeon" }).success).toBe(false);
  });
});
