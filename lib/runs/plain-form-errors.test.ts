import { describe, expect, test } from "vitest";
import { z } from "zod";
import { MAX_FAULT_RATE } from "@/lib/workbench/tools/faults";
import { launchFieldsSchema, launchRunInputSchema } from "./launch-input";
import { MAX_CONCURRENCY } from "@/lib/settings/launch-options";
import { errorSummaryLines, fieldLabel } from "./form-field-labels";
import { plainFormErrorMap } from "./plain-form-errors";
import { parseSweepForm } from "./sweep-form";

const LAUNCH_MAP = plainFormErrorMap(launchFieldsSchema.shape);
const launchErrors = (raw: Record<string, unknown>) => {
  const parsed = launchRunInputSchema.safeParse(raw, { error: LAUNCH_MAP });
  if (parsed.success) throw new Error("the input was accepted");
  return z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
};

/** What a researcher should never read on the form: the validator's own vocabulary. */
const VALIDATOR_WORDS = /expected|received|<=|>=|Invalid input|Too (big|small)|NaN|ZodError/;

describe("the launch form's errors in plain words", () => {
  // The bounds are the schema's own (launch-options, faults), stated here from their constants.
  test.each([
    ["faultRate", "0.9", `Fault rate must be a number between 0 and ${MAX_FAULT_RATE}`],
    ["faultRate", "-0.1", `Fault rate must be a number between 0 and ${MAX_FAULT_RATE}`],
    ["concurrency", "999", `Concurrency must be a whole number between 1 and ${MAX_CONCURRENCY}`],
    ["concurrency", "2.5", `Concurrency must be a whole number between 1 and ${MAX_CONCURRENCY}`],
    ["trials", "0", "Trials must be a whole number between 1 and 20"],
    ["temperature", "hot", "Temperature must be a number between 0 and 2"],
    ["limit", "0", "Limit must be a whole number between 1 and 100,000"],
    ["budgetUsd", "-1", "Budget (USD) must be a number above 0 and at most 100,000"],
    ["groundTruth", "v3", "Ground truth must be one of: v1, v2026"],
  ])("%s = %j: %s", (field, value, sentence) => {
    const errors = launchErrors({ agent: "oracle", [field]: value });
    expect(errors[field]).toEqual([sentence]);
  });

  test("several bad fields at once, each in plain words; a message the schema states itself is kept", () => {
    const errors = launchErrors({ agent: "react", faultRate: "0.9", concurrency: "0", trials: "x", name: "tab\there" });
    expect(Object.keys(errors).sort()).toEqual(["concurrency", "endpoint", "faultRate", "model", "name", "trials"]);
    for (const messages of Object.values(errors)) for (const message of messages) expect(message).not.toMatch(VALIDATOR_WORDS);
    expect(errors.name).toEqual(["Control characters (such as NUL) are not allowed"]);
    expect(errors.endpoint).toEqual(["The react agent needs an endpoint"]);
  });

  test("the summary lists every error in the form's order, each naming its field", () => {
    const errors = launchErrors({ agent: "react", faultRate: "0.9", concurrency: "0", name: "tab\there" });
    expect(errorSummaryLines(errors)).toEqual([
      { field: "endpoint", text: "Endpoint: The react agent needs an endpoint" },
      { field: "model", text: "Model id: The react agent needs a model id" },
      { field: "name", text: "Name: Control characters (such as NUL) are not allowed" },
      { field: "concurrency", text: `Concurrency must be a whole number between 1 and ${MAX_CONCURRENCY}` },
      { field: "faultRate", text: `Fault rate must be a number between 0 and ${MAX_FAULT_RATE}` },
    ]);
    expect(errorSummaryLines({ concurrency: [], trials: undefined })).toEqual([]);
    expect(fieldLabel("someNewField")).toBe("Some new field");
  });
});

describe("the sweep form's errors in plain words", () => {
  test("shared settings name their field and range", () => {
    const data = new FormData();
    for (const [key, value] of Object.entries({ agents: "oracle", faultRates: "0, 0.1", trials: "99", concurrency: "0", faultSeed: "-3" })) data.set(key, value);
    const parsed = parseSweepForm(data);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      trials: ["Trials must be a whole number between 1 and 20"],
      concurrency: [`Concurrency must be a whole number between 1 and ${MAX_CONCURRENCY}`],
      faultSeed: ["Fault seed must be a whole number between 0 and 2,147,483,647"],
    });
  });
});
