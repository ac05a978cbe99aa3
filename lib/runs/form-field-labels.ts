// The launch and sweep forms' field labels and the lines of their error summary. Zod-free: the forms are
// client components, and a schema module would ship all of zod to the page (launch-options.ts).

/** The forms' labels by field name, in the order the forms show them (the error summary follows it). */
export const FORM_FIELD_LABELS: Readonly<Record<string, string>> = {
  agents: "Agents",
  faultRates: "Fault rates",
  agent: "Agent",
  endpoint: "Endpoint",
  provider: "Endpoint",
  model: "Model id",
  externalMode: "Mode",
  baseUrl: "Base URL",
  harness2026: "Structured outputs",
  dataset: "Dataset",
  groundTruth: "Ground truth",
  protocol: "Protocol",
  scoringRevision: "Scoring revision",
  toolSet: "Tool set",
  limit: "Limit",
  sample: "Sample",
  seed: "Seed",
  estimate: "Estimated run",
  estimateTasks: "Estimate: tasks",
  name: "Name",
  domains: "Domains",
  trials: "Trials",
  concurrency: "Concurrency",
  temperature: "Temperature",
  reasoningEffort: "Reasoning effort",
  maxSteps: "Max steps",
  timeoutMs: "Timeout (ms)",
  faultRate: "Fault rate",
  faultSeed: "Fault seed",
  budgetUsd: "Budget (USD)",
  budgetTokens: "Budget (tokens)",
  resultsFile: "Results file",
};

/** A field's label; an unknown field's name as words ("maxSteps" → "Max steps"). */
export function fieldLabel(field: string): string {
  const known = FORM_FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The lines of a form's error summary: every field's errors in the form's order, each naming its field
 * (a message that does not start with the label gets it in front).
 */
export function errorSummaryLines(fieldErrors: Readonly<Record<string, readonly string[] | undefined>>): { field: string; text: string }[] {
  const order = Object.keys(FORM_FIELD_LABELS);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.entries(fieldErrors)
    .filter((entry): entry is [string, readonly string[]] => Array.isArray(entry[1]) && entry[1].length > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .flatMap(([field, messages]) => {
      const label = fieldLabel(field);
      return messages.map((message) => ({ field, text: message.startsWith(label) ? message : `${label}: ${message}` }));
    });
}
