import { describe, expect, test } from "vitest";
import type { AgentStep } from "@/lib/workbench/agents/types";
import { stepColumns } from "./step-columns";

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
  ])("maps a $step.kind step", ({ step, expected }) => {
    expect(stepColumns(step)).toMatchObject(expected);
  });
});
