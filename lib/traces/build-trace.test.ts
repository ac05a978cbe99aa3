import { describe, expect, test } from "vitest";
import { buildTrace, stepMetrics, traceTotals, type StepRecord, type TraceEvent } from "./build-trace";

function makeStep(overrides: Partial<StepRecord> = {}): StepRecord {
  return {
    index: 0,
    kind: "model",
    tool: null,
    args: null,
    call: null,
    observation: null,
    ok: null,
    diff: null,
    text: null,
    errorKind: null,
    inputTokens: null,
    outputTokens: null,
    latencyMs: null,
    finishReason: null,
    retries: null,
    fault: null,
    arguments: null,
    ...overrides,
  };
}

const deleteDiff = [
  {
    table: "email",
    inserted: [],
    deleted: [{ email_id: "00000479", subject: "Hi" }],
    changed: [],
  },
];

describe("the confidence turn", () => {
  test("is a model event marked as the confidence turn, with the value read from the reply; its tokens are in the totals", () => {
    const events = buildTrace([
      makeStep({ index: 0, kind: "model", text: "done", inputTokens: 100, outputTokens: 10 }),
      makeStep({ index: 1, kind: "final", text: "done" }),
      makeStep({ index: 2, kind: "confidence", text: "Confidence: 80%", inputTokens: 120, outputTokens: 5, finishReason: "stop" }),
    ]);
    expect(events[2]).toMatchObject({ kind: "model", text: "Confidence: 80%", inputTokens: 120, outputTokens: 5, confidenceTurn: { value: 0.8, error: null } });
    expect(events[0]).not.toHaveProperty("confidenceTurn");
    expect(traceTotals(events)).toMatchObject({ modelTurns: 2, inputTokens: 220, outputTokens: 15 });
  });

  test("an unreadable reply has no value; a failed turn shows its error kind", () => {
    const [unreadable, failed] = buildTrace([
      makeStep({ index: 0, kind: "confidence", text: "Hard to say." }),
      makeStep({ index: 1, kind: "confidence", text: "Internal server error", errorKind: "provider", finishReason: "error" }),
    ]);
    expect(unreadable).toMatchObject({ confidenceTurn: { value: null, error: null } });
    expect(failed).toMatchObject({ confidenceTurn: { value: null, error: "provider" } });
  });
});

describe("buildTrace", () => {
  test.each<[string, StepRecord, Partial<TraceEvent>]>([
    [
      "model turn",
      makeStep({ kind: "model", text: "Thought", inputTokens: 100, outputTokens: 20, latencyMs: 800, finishReason: "stop", retries: 2 }),
      { kind: "model", text: "Thought", inputTokens: 100, outputTokens: 20, latencyMs: 800, finishReason: "stop", retries: 2, textCollapsed: false },
    ],
    [
      "model turn of 30 lines starts collapsed",
      makeStep({ kind: "model", text: "line\n".repeat(30) }),
      { kind: "model", textCollapsed: true },
    ],
    [
      "model turn of 12 short lines stays open",
      makeStep({ kind: "model", text: "line\n".repeat(12) }),
      { kind: "model", textCollapsed: false },
    ],
    [
      "model turn with missing counters",
      makeStep({ kind: "model" }),
      { kind: "model", text: "", inputTokens: 0, outputTokens: 0, retries: 0, latencyMs: null },
    ],
    [
      "tool call with a diff",
      makeStep({
        kind: "tool",
        tool: "email.delete_email",
        call: 'email.delete_email.func(email_id="00000479")',
        args: { email_id: "00000479" },
        observation: "Email deleted successfully.",
        ok: true,
        diff: deleteDiff,
      }),
      {
        kind: "tool",
        tool: "email.delete_email",
        argsText: '{\n  "email_id": "00000479"\n}',
        observationCollapsed: false,
        ok: true,
        status: "ok",
        diffSummary: "email +0 −1 ~0",
      },
    ],
    [
      "tool call whose arguments the model sent with a number: shown as sent",
      makeStep({ kind: "tool", tool: "calendar.search_events", args: { time_min: "12345" }, arguments: { time_min: 12345 }, ok: false }),
      { kind: "tool", argsText: '{\n  "time_min": 12345\n}' },
    ],
    [
      "tool call the tool refused by its answer",
      makeStep({ kind: "tool", tool: "email.delete_email", observation: "Email not found.", ok: true }),
      { kind: "tool", ok: true, status: "refused", diff: [] },
    ],
    [
      "failed tool call with a long observation",
      makeStep({ kind: "tool", tool: "calendar.search_events", observation: "x".repeat(401), ok: false }),
      { kind: "tool", ok: false, status: "failed", observationCollapsed: true, argsText: "{}", diff: [], diffSummary: "" },
    ],
    ["final answer", makeStep({ kind: "final", text: "Done." }), { kind: "final", text: "Done." }],
    [
      "error step",
      makeStep({ kind: "error", errorKind: "context_window", text: "Context window exceeded" }),
      { kind: "error", errorKind: "context_window", message: "Context window exceeded" },
    ],
    [
      "unknown kind surfaces as an error",
      makeStep({ kind: "thinking" }),
      { kind: "error", errorKind: "unknown_step", message: 'Unrecognised step kind "thinking"' },
    ],
  ])("%s", (_name, step, expected) => {
    expect(buildTrace([step])[0]).toMatchObject(expected);
  });

  test("orders events by step index", () => {
    const trace = buildTrace([makeStep({ index: 2, kind: "final" }), makeStep({ index: 0 }), makeStep({ index: 1, kind: "tool" })]);
    expect(trace.map((event) => [event.index, event.kind])).toEqual([
      [0, "model"],
      [1, "tool"],
      [2, "final"],
    ]);
  });
});

describe("totals and chart points", () => {
  const trace = buildTrace([
    makeStep({ index: 0, kind: "model", inputTokens: 100, outputTokens: 10, latencyMs: 500, retries: 1 }),
    makeStep({ index: 1, kind: "tool", tool: "email.delete_email", ok: false, latencyMs: 3 }),
    makeStep({ index: 2, kind: "model", inputTokens: 150, outputTokens: 5, latencyMs: 700 }),
    makeStep({ index: 3, kind: "tool", tool: "email.search_emails", ok: true }),
    makeStep({ index: 4, kind: "final", text: "ok" }),
    makeStep({ index: 5, kind: "tool", tool: "email.get_email_information_by_id", ok: true, observation: "Email ID not provided." }),
  ]);

  test("traceTotals", () => {
    expect(traceTotals(trace)).toEqual({
      modelTurns: 2,
      toolCalls: 3,
      failedToolCalls: 1,
      refusedToolCalls: 1,
      inputTokens: 250,
      outputTokens: 15,
      retries: 1,
    });
  });

  test("stepMetrics keeps model turns and timed tool calls", () => {
    expect(stepMetrics(trace)).toEqual([
      { step: 0, label: "#0 model", latencyMs: 500, tokens: 110 },
      { step: 1, label: "#1 email.delete_email", latencyMs: 3, tokens: 0 },
      { step: 2, label: "#2 model", latencyMs: 700, tokens: 155 },
    ]);
  });
});
