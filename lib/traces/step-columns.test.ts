import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { AgentStep } from "@/lib/workbench/agents/types";
import { stepColumnList, stepColumns, stepRecordsetTypes } from "./step-columns";
import { STEP_INSERT } from "../runs/step-store";

describe("stepColumns", () => {
  test.each<{ step: AgentStep; expected: Record<string, unknown> }>([
    {
      step: { kind: "model", text: "Thought", inputTokens: 10, outputTokens: 5, latencyMs: 12.6, finishReason: "stop", retries: 2 },
      expected: { kind: "model", text: "Thought", inputTokens: 10, outputTokens: 5, latencyMs: 13, finishReason: "stop", retries: 2, tool: null },
    },
    {
      step: { kind: "tool", tool: "email.delete_email", args: { email_id: "1" }, call: 'email.delete_email.func(email_id="1")', observation: "Email deleted successfully.", ok: true, diff: [] },
      expected: { kind: "tool", tool: "email.delete_email", args: { email_id: "1" }, ok: true, diff: [], text: null },
    },
    { step: { kind: "final", text: "Done" }, expected: { kind: "final", text: "Done", ok: null } },
    {
      step: { kind: "error", errorKind: "format", message: "Could not parse LLM output" },
      expected: { kind: "error", errorKind: "format", text: "Could not parse LLM output", inputTokens: null },
    },
    {
      // The reading is the result's (TaskResult.confidence): the row keeps the reply and the turn's usage.
      step: { kind: "confidence", text: "Confidence: 0.8", confidence: 0.8, errorKind: null, inputTokens: 40, outputTokens: 4, latencyMs: 9.4, finishReason: "stop", retries: 0 },
      expected: { kind: "confidence", text: "Confidence: 0.8", errorKind: null, inputTokens: 40, outputTokens: 4, latencyMs: 9, finishReason: "stop", retries: 0, tool: null },
    },
  ])("maps a $step.kind step", ({ step, expected }) => {
    expect(stepColumns(step)).toMatchObject(expected);
  });
});

describe("the Step row definition", () => {
  const schema = readFileSync(path.resolve(import.meta.dirname, "../../prisma/schema.prisma"), "utf8");
  const model = /model Step \{([\s\S]*?)\n\}/.exec(schema)?.[1] ?? "";
  const PRISMA_TO_SQL: Record<string, string> = { String: "text", Json: "jsonb", Boolean: "boolean", Int: "int" };
  // Scalar fields the writes set (createdAt has its default; `result` is the relation).
  const fields = model
    .split("\n")
    .map((line) => /^\s+(\w+)\s+(\w+)\??(\s|$)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[2] !== "TaskResult" && match[1] !== "createdAt")
    .map((match) => [match[1], PRISMA_TO_SQL[match[2] as string] ?? match[2]]);

  test("lists every column of prisma's Step model, in order, with its type", () => {
    expect(fields.length).toBeGreaterThan(10);
    expect(stepRecordsetTypes({ withResultId: true })).toBe(fields.map(([name, type]) => `${/[A-Z]/.test(name as string) ? `"${name}"` : name} ${type}`).join(", "));
  });

  test("the INSERT and the recordset name the same columns in the same order", () => {
    const names = stepRecordsetTypes({ withResultId: true }).split(", ").map((column) => column.split(" ")[0]);
    expect(stepColumnList().split(", ")).toEqual(names);
    expect(STEP_INSERT).toBe(`INSERT INTO "Step" (${names.join(", ")})`);
  });
});
