// A finished run as the export formats read it (lib/interop/run-export.ts), for the writers' unit
// tests: two results (a right email task with model turns, a tool error, a refused call and a sandbox
// change; a calendar task that ran out of context) of a protocol-2024 run on v1.
import type { ExportResult, ExportRun, ExportStep } from "@/lib/interop/run-export";

export const NONE: Omit<ExportStep, "kind"> = {
  tool: null, args: null, call: null, observation: null, ok: null, diff: null, text: null, errorKind: null,
  inputTokens: null, outputTokens: null, latencyMs: null, finishReason: null, retries: null, fault: null, arguments: null,
};
export const model = (text: string, tokens: [number, number], finishReason = "tool-calls"): ExportStep => ({
  ...NONE, kind: "model", text, inputTokens: tokens[0], outputTokens: tokens[1], latencyMs: 1200, finishReason, retries: 0,
});
export const tool = (name: string, args: Record<string, string>, observation: string, ok = true, diff: unknown = []): ExportStep => ({
  ...NONE, kind: "tool", tool: name, args, call: `${name}.func(${Object.entries(args).map(([k, v]) => `${k}="${v}"`).join(", ")})`, observation, ok, diff,
});
export const DELETED_EMAIL = { email_id: "00000479", "inbox/outbox": "inbox", "sender/recipient": "nadia.moreau@atlas.com", subject: "Update", sent_datetime: "2023-11-29 12:32:17", body: "Hey Sam" };

export function makeResult(overrides: Partial<ExportResult> = {}): ExportResult {
  return {
    id: "r1", taskKey: "email/000", domain: "email", text: "Delete my last email from nadia",
    groundTruth: ['email.delete_email.func(email_id="00000479")'], toolkits: ["email"], trial: 0,
    calls: ['email.search_emails.func(query="nadia")', 'email.delete_email.func(email_id="00000001")', 'email.delete_email.func(email_id="00000479")'],
    correct: true, sideEffects: false, exactMatch: false, error: null, errorKind: null, finalAnswer: "Deleted.",
    inputTokens: 300, outputTokens: 60, costUsd: 0.01, latencyMs: 4000,
    startedAt: new Date("2026-11-27T10:00:00Z"), finishedAt: new Date("2026-11-27T10:00:04Z"), diagnostics: {}, failedCalls: [],
    steps: [
      model("I will search.", [100, 20]),
      tool("email.search_emails", { query: "nadia" }, "[{'email_id': '00000479'}]"),
      tool("email.search_emails", { date_min: "yesterday" }, "ValueError: Unknown string format: yesterday", false),
      model("Delete it.", [100, 20]),
      tool("email.delete_email", { email_id: "00000001" }, "Email not found."),
      tool("email.delete_email", { email_id: "00000479" }, "Email deleted successfully.", true, [{ table: "email", inserted: [], deleted: [DELETED_EMAIL], changed: [] }]),
      model("Final Answer: Deleted.", [100, 20], "stop"),
      { ...NONE, kind: "final", text: "Deleted." },
    ],
    ...overrides,
  };
}

export function makeRun(overrides: Partial<ExportRun> = {}): ExportRun {
  return {
    id: "run1", name: "tools · gpt-x", source: "launched", agent: "tools", provider: "openai", model: "gpt-x", toolSet: "all",
    protocol: "2024", scoringRevision: "2024", groundTruth: "v1", datasetName: "WorkBench", datasetSlug: "workbench", versionHash: "abc123",
    params: { temperature: 0 }, trials: 1, status: "completed", appRevision: "deadbeef", importFile: null,
    createdAt: new Date("2026-11-27T09:59:00Z"), startedAt: new Date("2026-11-27T10:00:00Z"), finishedAt: new Date("2026-11-27T10:01:00Z"),
    inputTokens: 300, outputTokens: 60, costUsd: 0.01,
    results: [makeResult(), makeResult({ id: "r2", taskKey: "calendar/001", domain: "calendar", correct: false, error: "Context window exceeded", errorKind: "context_window", steps: [model("Hmm", [50, 5])] })],
    ...overrides,
  };
}
