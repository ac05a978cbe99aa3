import { describe, expect, test } from "vitest";
import { launchFormToObject, launchRunInputSchema } from "../runs/launch-input";
import { RUN_SETTINGS_DEFAULTS } from "./launch-options";
import { faultPlanOf, runSettingsFrom } from "./run-settings";

describe("RunSettings", () => {
  test("the defaults are the paper's limits (20 steps, 120 s per task), temperature 0, 4 at once, 1 trial, no injected faults, the tasks as written, no confidence turn", () => {
    expect(RUN_SETTINGS_DEFAULTS).toEqual({ concurrency: 4, trials: 1, temperature: 0, maxSteps: 20, timeoutMs: 120_000, faultRate: 0, faultSeed: 1, phrasing: "original", askConfidence: false });
  });

  test("the launch input takes its settings and defaults from RunSettings (an empty form launches with them)", () => {
    const parsed = launchRunInputSchema.parse({ ...launchFormToObject(new FormData()), agent: "noop" });
    const { concurrency, trials, temperature, maxSteps, timeoutMs, faultRate, faultSeed, phrasing, askConfidence } = parsed;
    expect({ concurrency, trials, temperature, maxSteps, timeoutMs, faultRate, faultSeed, phrasing, askConfidence }).toEqual(RUN_SETTINGS_DEFAULTS);
  });

  test("phrasing and the confidence turn: form text in, stored settings back, anything else refused or defaulted", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ agent: "tools", endpoint: "mock", model: "noop", phrasing: "alt-2", askConfidence: "on" })) form.set(key, value);
    expect(launchRunInputSchema.parse(launchFormToObject(form))).toMatchObject({ phrasing: "alt-2", askConfidence: true });
    form.set("askConfidence", "false");
    expect(launchRunInputSchema.parse(launchFormToObject(form)).askConfidence).toBe(false);
    form.set("phrasing", "alt-3");
    const refused = launchRunInputSchema.safeParse(launchFormToObject(form));
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["phrasing", "Phrasing is original, alt-1 or alt-2"]]);
    expect(runSettingsFrom({ phrasing: "alt-1", askConfidence: true })).toMatchObject({ phrasing: "alt-1", askConfidence: true });
    expect(runSettingsFrom({ phrasing: "alt-9", askConfidence: "yes" })).toMatchObject({ phrasing: "original", askConfidence: false });
  });

  test("fault shares: three form fields into one setting (default equal), stored with a faulted run and read back into its plan", () => {
    expect(launchRunInputSchema.parse({ agent: "noop" }).faultShares).toEqual({ transient: 1, ambiguous: 1, malformed: 1 });
    const form = new FormData();
    for (const [key, value] of Object.entries({ agent: "noop", faultRate: "0.2", faultShareAmbiguous: "3", faultShareMalformed: "0.5" })) form.set(key, value);
    const parsed = launchRunInputSchema.parse(launchFormToObject(form));
    expect(parsed.faultShares).toEqual({ transient: 1, ambiguous: 3, malformed: 0.5 });
    const stored = runSettingsFrom({ faultRate: parsed.faultRate, faultSeed: parsed.faultSeed, faultShares: parsed.faultShares });
    expect(faultPlanOf(stored)).toEqual({ rate: 0.2, seed: 1, shares: { transient: 1, ambiguous: 3, malformed: 0.5 } });
    // Shares that leave reads without a kind are refused, under the one field the form shows them beside.
    form.set("faultShareTransient", "0");
    form.set("faultShareMalformed", "0");
    const refused = launchRunInputSchema.safeParse(launchFormToObject(form));
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["faultShares", expect.stringMatching(/^Reads need a fault kind/)]]);
  });

  test("form text is coerced and checked by the same schema", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ agent: "noop", concurrency: "8", maxSteps: "30", timeoutMs: "5000", temperature: "0.5" })) form.set(key, value);
    expect(launchRunInputSchema.parse(launchFormToObject(form))).toMatchObject({ concurrency: 8, maxSteps: 30, timeoutMs: 5_000, temperature: 0.5 });
    form.set("concurrency", "65");
    expect(launchRunInputSchema.safeParse(launchFormToObject(form)).success).toBe(false);
  });

  const published2026 = { structuredOutputs: true, actWithoutConfirmation: true, timeLimitMs: 600_000 };

  test.each([
    ["a launched run's params", { temperature: 0.7, maxSteps: 12, timeoutMs: 30_000, domains: [] }, { temperature: 0.7, maxSteps: 12, timeoutMs: 30_000 }],
    ["a run stored before a setting existed", { temperature: 0.2 }, { temperature: 0.2, maxSteps: 20, timeoutMs: 120_000 }],
    ["an imported run (no params)", null, { temperature: 0, maxSteps: 20, timeoutMs: 120_000 }],
    ["a value the schema refuses", { maxSteps: "many", timeoutMs: -1 }, { temperature: 0, maxSteps: 20, timeoutMs: 120_000 }],
  ])("reads back %s through the schema", (_label, params, expected) => {
    expect(runSettingsFrom(params)).toEqual({ ...expected, faultRate: 0, faultSeed: 1, faultShares: { transient: 1, ambiguous: 1, malformed: 1 }, phrasing: "original", askConfidence: false, retry: undefined, harness2026: published2026 });
  });

  test.each([
    ["a workbench-2026 launch's own flags", { structuredOutputs: false, actWithoutConfirmation: false, timeLimitMs: 90_000 }, { structuredOutputs: false, actWithoutConfirmation: false, timeLimitMs: 90_000 }],
    ["a run stored before the time limit was (published flags, upstream's 600 s)", { structuredOutputs: false }, { ...published2026, structuredOutputs: false }],
    ["flags the schema refuses (each falls back on its own)", { structuredOutputs: "yes", actWithoutConfirmation: false, timeLimitMs: -5 }, { ...published2026, actWithoutConfirmation: false }],
    ["no flags at all", undefined, published2026],
    ["not an object", "on", published2026],
  ])("the 2026 harness flags: %s", (_label, harness2026, expected) => {
    expect(runSettingsFrom({ harness2026 }).harness2026).toEqual(expected);
  });

  test.each([
    ["a launch's overrides", { maxRetries: 2, requestTimeoutMs: 5_000 }, { maxRetries: 2, requestTimeoutMs: 5_000 }],
    ["a workbench-2026 launch's merged policy", { maxRetries: 9, baseDelayMs: 2_000, maxDelayMs: 90_000, requestTimeoutMs: 75_000 }, { maxRetries: 9, baseDelayMs: 2_000, maxDelayMs: 90_000, requestTimeoutMs: 75_000 }],
    ["none stored (the provider defaults apply)", undefined, undefined],
    ["a policy the schema refuses (the defaults apply, not the bad value)", { maxRetries: -1 }, undefined],
  ])("the retry policy: %s", (_label, retry, expected) => {
    expect(runSettingsFrom({ retry }).retry).toEqual(expected);
  });

  test.each([
    ["a faulted launch's rate and seed", { faultRate: 0.2, faultSeed: 7 }, { faultRate: 0.2, faultSeed: 7 }],
    ["a clean run (nothing stored)", {}, { faultRate: 0, faultSeed: 1 }],
    ["a rate the schema refuses (above 0.5)", { faultRate: 0.9, faultSeed: 3 }, { faultRate: 0, faultSeed: 3 }],
  ])("the fault settings: %s", (_label, params, expected) => {
    expect(runSettingsFrom(params)).toMatchObject(expected);
  });

  test("a launch stores the timing a run reads back: the paper's, or upstream's for workbench-2026", () => {
    const paper = launchRunInputSchema.parse({ agent: "noop" });
    expect({ timeoutMs: paper.timeoutMs, retry: paper.retry, harness2026: paper.harness2026 }).toEqual({ timeoutMs: 120_000, retry: undefined, harness2026: undefined });
    const upstream = launchRunInputSchema.parse({ agent: "workbench-2026", endpoint: "openai", model: "gpt-4o", retry: { maxRetries: 3 }, harness2026: { structuredOutputs: false } });
    const stored = runSettingsFrom({ timeoutMs: upstream.timeoutMs, retry: upstream.retry, harness2026: upstream.harness2026 });
    // 600 s checked between turns, then the worst case of the last call: 10 attempts of 75 s and 9 waits of at most 90 s.
    expect(stored).toMatchObject({ timeoutMs: 600_000 + 10 * 75_000 + 9 * 90_000, harness2026: { structuredOutputs: false, actWithoutConfirmation: true, timeLimitMs: 600_000 } });
    expect(stored.retry).toEqual({ maxRetries: 3, baseDelayMs: 2_000, maxDelayMs: 90_000, requestTimeoutMs: 75_000 });
  });
});
