import { describe, expect, test } from "vitest";
import { launchFormToObject, launchRunInputSchema } from "./launch-input";
import { RUN_SETTINGS_DEFAULTS } from "./launch-options";
import { runSettingsFrom } from "./run-settings";

describe("RunSettings", () => {
  test("the defaults are the paper's limits (20 steps, 120 s per task), temperature 0, 4 at once, 1 trial", () => {
    expect(RUN_SETTINGS_DEFAULTS).toEqual({ concurrency: 4, trials: 1, temperature: 0, maxSteps: 20, timeoutMs: 120_000 });
  });

  test("the launch input takes its settings and defaults from RunSettings (an empty form launches with them)", () => {
    const parsed = launchRunInputSchema.parse({ ...launchFormToObject(new FormData()), agent: "noop" });
    const { concurrency, trials, temperature, maxSteps, timeoutMs } = parsed;
    expect({ concurrency, trials, temperature, maxSteps, timeoutMs }).toEqual(RUN_SETTINGS_DEFAULTS);
  });

  test("form text is coerced and checked by the same schema", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ agent: "noop", concurrency: "8", maxSteps: "30", timeoutMs: "5000", temperature: "0.5" })) form.set(key, value);
    expect(launchRunInputSchema.parse(launchFormToObject(form))).toMatchObject({ concurrency: 8, maxSteps: 30, timeoutMs: 5_000, temperature: 0.5 });
    form.set("concurrency", "65");
    expect(launchRunInputSchema.safeParse(launchFormToObject(form)).success).toBe(false);
  });

  test.each([
    ["a launched run's params", { temperature: 0.7, maxSteps: 12, timeoutMs: 30_000, domains: [] }, { temperature: 0.7, maxSteps: 12, timeoutMs: 30_000 }],
    ["a run stored before a setting existed", { temperature: 0.2 }, { temperature: 0.2, maxSteps: 20, timeoutMs: 120_000 }],
    ["an imported run (no params)", null, { temperature: 0, maxSteps: 20, timeoutMs: 120_000 }],
    ["a value the schema refuses", { maxSteps: "many", timeoutMs: -1 }, { temperature: 0, maxSteps: 20, timeoutMs: 120_000 }],
  ])("reads back %s through the schema", (_label, params, expected) => {
    expect(runSettingsFrom(params)).toEqual(expected);
  });
});
