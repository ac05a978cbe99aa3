// The EvalLog Studio writes validates against Inspect's published schema (ajv, draft 2020-12) for a
// finished run with model turns, a tool error, a refused call and a sandbox change; for a run with
// trials (epochs); and for an imported recorded run, whose usage is absent rather than zero.
import { describe, expect, test } from "vitest";
import { evalLogErrors } from "@/lib/test-support/inspect-schema";
import { DELETED_EMAIL, makeResult, makeRun, model, NONE, tool } from "@/lib/test-support/export-run";
import { buildEvalLog } from "./eval-log";
import { exportedPrimaryCause } from "../export-run";

describe("buildEvalLog", () => {
  test("a finished run with model turns, a tool error, a refused call and a sandbox change validates as EvalLog", () => {
    const log = buildEvalLog(makeRun(), { primaryCause: () => "ran out of context" });
    expect(evalLogErrors(log)).toEqual([]);
    const sample = log.samples[0]!;
    expect(sample).toMatchObject({ id: "email/000", epoch: 1, input: "Delete my last email from nadia", target: ['email.delete_email.func(email_id="00000479")'] });
    expect(sample.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool", "tool", "assistant", "tool", "tool", "assistant"]);
    const kinds = sample.events.map((event) => event.event);
    expect(kinds).toEqual(["model", "tool", "tool", "model", "tool", "tool", "store", "model"]);
    expect(sample.events.find((event) => event.failed === true)).toMatchObject({ error: { type: "unknown" } });
    expect(sample.events.find((event) => event.event === "store")).toMatchObject({
      changes: [{ op: "remove", path: "/email/00000479", value: null, replaced: DELETED_EMAIL }],
    });
    expect(sample.scores.correct.value).toBe("C");
    expect(log.samples[1]!.scores.correct).toMatchObject({ value: "I", explanation: "ran out of context", metadata: { primary_cause: "ran out of context" } });
    expect(log.samples[1]!.error).toMatchObject({ message: "Context window exceeded" });
    // usage: the run's and each sample's stored counts
    expect(log.stats.model_usage).toEqual({ "openai/gpt-x": { input_tokens: 300, output_tokens: 60, total_tokens: 360, total_cost: 0.01 } });
    expect(sample.model_usage).toEqual({ "openai/gpt-x": { input_tokens: 300, output_tokens: 60, total_tokens: 360 } });
    // accuracy 1/2 overall, per domain 1 (email) and 0 (calendar), recomputed from the two verdicts
    const accuracy = log.results.scores.find((score) => score.name === "correct")!;
    expect(accuracy.metrics).toMatchObject({ all: { value: 0.5 }, email: { value: 1 }, calendar: { value: 0 } });
  });

  test("the export's own cause function gives a wrong sample the run page's primary cause, and a faulted one 'after an injected fault'", () => {
    const faultedStep = { ...tool("email.delete_email", { email_id: "00000479" }, "Service unavailable: the email service could not be reached (503)."), fault: { kind: "transient", ordinal: 0 } };
    const run = makeRun({
      results: [
        makeResult(),
        makeResult({ id: "r2", taskKey: "calendar/001", domain: "calendar", correct: false, error: "Context window exceeded", errorKind: "context_window", steps: [model("Hmm", [50, 5])] }),
        makeResult({ id: "r3", taskKey: "email/001", correct: false, calls: [], steps: [faultedStep] }),
      ],
    });
    const log = buildEvalLog(run, { primaryCause: exportedPrimaryCause });
    expect(evalLogErrors(log)).toEqual([]);
    expect(log.samples.map((sample) => sample.scores.correct.metadata?.primary_cause ?? null)).toEqual([null, "context_window", "after_injected_fault"]);
  });

  test("a run with trials has one sample per task and trial (epochs)", () => {
    const results = [0, 1, 2].map((trial) => makeResult({ id: `r${trial}`, trial, correct: trial !== 1 }));
    const log = buildEvalLog(makeRun({ trials: 3, results }));
    expect(evalLogErrors(log)).toEqual([]);
    expect(log.eval.config).toEqual({ epochs: 3 });
    expect(log.samples.map((sample) => [sample.id, sample.epoch])).toEqual([["email/000", 1], ["email/000", 2], ["email/000", 3]]);
  });

  test("an imported recorded run has no usage: usage fields are empty, not zero", () => {
    const recorded = makeResult({
      inputTokens: 0, outputTokens: 0, costUsd: 0, latencyMs: null,
      steps: [
        { ...model("Action: search", [0, 0], "recorded"), latencyMs: 0 },
        tool("email.search_emails", { query: "nadia" }, "[]"),
        { ...NONE, kind: "final", text: "Done" },
      ],
    });
    const log = buildEvalLog(makeRun({ source: "imported", agent: "recorded", provider: null, model: "gpt-4", inputTokens: 0, outputTokens: 0, costUsd: 0, results: [recorded] }));
    expect(evalLogErrors(log)).toEqual([]);
    expect(log.stats.model_usage).toEqual({});
    const sample = log.samples[0]!;
    expect(sample.model_usage).toEqual({});
    expect(sample.output.usage).toBeNull();
    expect(sample.events[0]).toMatchObject({ event: "model", output: { usage: null } });
    expect(sample.metadata.cost_usd).toBeNull();
  });

  test("the validator does find errors (a log without its eval spec fails)", () => {
    const { eval: _spec, ...broken } = buildEvalLog(makeRun());
    expect(evalLogErrors(broken).map((error) => error.params)).toContainEqual({ missingProperty: "eval" });
  });
});
