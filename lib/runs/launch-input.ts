// What a user may ask for when launching a run (the /runs/new form, the CLI `run` command). Parsed with
// zod in one place so the form, the server action and the CLI agree on defaults and limits.
import { z } from "zod";
import { PROTOCOL_IDS, SCORING_REVISIONS } from "@/lib/workbench/protocols/types";
import { DOMAINS, GROUND_TRUTH_VERSIONS } from "@/lib/workbench/datasets/types";
import { SAMPLE_METHODS } from "./sample-tasks";
import { runSettingsSchema, withTimingDefaults } from "../settings/run-settings";
import { EXTERNAL_MODES, MODEL_AGENTS, RUN_AGENT_KINDS, TOOL_SETS } from "../settings/launch-options";
import { REASONING_EFFORTS } from "@/lib/workbench/agents/model-capabilities";
import { DEFAULT_FAULT_SHARES } from "@/lib/workbench/tools/faults";

/** Fields only the CLI may send: the web action refuses them (a results file is a server path). */
export const WEB_REFUSED_FIELDS = ["resultsFile", "retry", "sweep"] as const;

/** Printable text only: NUL and other control characters are refused, not stored. */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), "Control characters (such as NUL) are not allowed");

const endpointName = z.string().trim().min(1).max(40);

/** The fields, each with its own rules (launch-checks.ts parses them one by one for a refused form). */
export const launchFieldsSchema = z
  .object({
    name: plainText(120).optional(),
    /** Dataset slug: "workbench" (official) or a generated one ("gen-s1-x1"). */
    dataset: z.string().trim().min(1).max(100).regex(/^[a-z0-9_-]+$/, "Unknown dataset").default("workbench"),
    groundTruth: z.enum(GROUND_TRUTH_VERSIONS).default("v1"),
    /** Default: the ground truth's own protocol (v1 → 2024, v2026 → 2026); the revision defaults to the protocol's latest. */
    protocol: z.enum(PROTOCOL_IDS).optional(),
    scoringRevision: z.enum(SCORING_REVISIONS).optional(),
    agent: z.enum(RUN_AGENT_KINDS),
    /** `external` only: agents ask for tasks (pull) or Studio calls the server's agent endpoint (push). */
    externalMode: z.enum(EXTERNAL_MODES).default("pull"),
    /** A configured endpoint's name (lib/providers/endpoints.ts); the server holds its URL and key. */
    endpoint: endpointName.optional(),
    /** Older name of `endpoint` (CLI --provider, earlier callers); `endpoint` wins when both are given. */
    provider: endpointName.optional(),
    model: plainText(200).pipe(z.string().min(1)).optional(),
    /** Only for keyless endpoints that allow it; checked against the configuration on the server. */
    baseUrl: z.url({ protocol: /^https?$/, error: "Must be an http:// or https:// URL" }).max(2_000).optional(),
    toolSet: z.enum(TOOL_SETS).default("all"),
    domains: z.array(z.enum(DOMAINS)).default([]),
    limit: z.coerce.number().int().min(1).max(100_000).optional(),
    /**
     * How `limit` picks tasks (lib/runs/sample-tasks.ts): a seeded sample stratified by domain and
     * template, or the first N in benchmark order. The form and the CLI default to "stratified"; other
     * callers keep "first" unless they ask.
     */
    sample: z.enum(SAMPLE_METHODS).default("first"),
    /**
     * An estimated run (lib/runs/estimated-run.ts): `estimateTasks` of the tasks chosen by the item bank, the
     * full-benchmark accuracy estimated from them with an interval; off the boards until the rest is run.
     */
    estimate: z.union([z.boolean(), z.enum(["true", "on", "false"]).transform((value) => value !== "false")]).default(false),
    estimateTasks: z.coerce.number({ error: "A whole number of tasks" }).int("A whole number of tasks").min(1, "At least 1 task").max(100_000).default(100),
    /** Seed of the stratified sample and of the queue's domain order (task-order.ts); a random one is drawn and stored on the run when absent. */
    seed: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    /** concurrency, trials, temperature, maxSteps, timeoutMs, retry, harness2026: RunSettings (run-settings.ts). */
    ...runSettingsSchema.shape,
    /** Sent only to models that take it (lib/workbench/agents/model-capabilities.ts); checked against the model at launch. */
    reasoningEffort: z.enum(REASONING_EFFORTS, { error: `One of ${REASONING_EFFORTS.join(", ")}` }).optional(),
    /** `replay` only: a recorded results CSV (v1 format) whose calls are replayed (CLI only: the web refuses it). */
    resultsFile: z.string().min(1).max(4_096).optional(),
    /** Spending limits for this run (lib/runs/budget.ts): it stops as budget_exceeded when reached. */
    budgetUsd: z.coerce.number().positive().max(100_000).optional(),
    budgetTokens: z.coerce.number().int().positive().max(10_000_000_000).optional(),
    /** The sweep this run belongs to (set by lib/runs/sweep.ts, never by a form field). */
    sweep: z.object({ id: z.uuid(), name: plainText(80) }).optional(),
  });

export const launchRunInputSchema = launchFieldsSchema
  .superRefine((input, ctx) => {
    if (MODEL_AGENTS.includes(input.agent)) {
      if (!input.endpoint && !input.provider) ctx.addIssue({ code: "custom", path: ["endpoint"], message: `The ${input.agent} agent needs an endpoint` });
      if (!input.model) ctx.addIssue({ code: "custom", path: ["model"], message: `The ${input.agent} agent needs a model id` });
    }
    if (input.estimate && input.limit !== undefined) {
      ctx.addIssue({ code: "custom", path: ["limit"], message: "An estimated run chooses its own tasks: leave the task limit out (--tasks sets how many)" });
    }
    if (input.estimate && (input.agent === "external" || input.agent === "replay")) {
      ctx.addIssue({ code: "custom", path: ["estimate"], message: `An estimated run needs an agent Studio runs on any task it picks: not ${input.agent}` });
    }
    if (input.askConfidence && !MODEL_AGENTS.includes(input.agent)) {
      // Refused, not ignored: a run that says it asked for confidences but has none would mislead.
      ctx.addIssue({
        code: "custom",
        path: ["askConfidence"],
        message: `The confidence turn asks a model: the ${input.agent} agent has none (only ${MODEL_AGENTS.join(", ")} can be asked)`,
      });
    }
    if (input.agent === "replay" && !input.resultsFile) {
      ctx.addIssue({ code: "custom", path: ["resultsFile"], message: "The replay agent needs a recorded results file" });
    }
    // Also when another field failed: the form reports every missing field at once, not after a fix.
  }, { when: (payload) => typeof payload.value === "object" && payload.value !== null })
  .transform(({ provider, ...input }) => withTimingDefaults({ ...input, endpoint: input.endpoint ?? provider }));

export type LaunchRunInput = z.infer<typeof launchRunInputSchema>;
/** Before defaults are applied (what callers may pass). */
export type LaunchRunRequest = z.input<typeof launchRunInputSchema>;

/** The workbench-2026 harness flags as form fields ("true" / "false"), gathered into `harness2026`. */
export const HARNESS_2026_FORM_FIELDS = ["structuredOutputs", "actWithoutConfirmation"] as const;

/** The fault shares as form fields (one number per kind), gathered into `faultShares` (run-settings.ts). */
export const FAULT_SHARE_FORM_FIELDS = { faultShareTransient: "transient", faultShareAmbiguous: "ambiguous", faultShareMalformed: "malformed" } as const;

/**
 * The three share fields of a form as `faultShares`, a missing one at its default; undefined when none was
 * given (the schema's default applies). Shared by the launch and sweep forms.
 */
export function faultSharesFromForm(form: FormData): Record<string, unknown> | undefined {
  const given = Object.entries(FAULT_SHARE_FORM_FIELDS).flatMap(([field, kind]) => {
    const value = form.get(field);
    return typeof value === "string" && value.trim() !== "" ? [[kind, value.trim()] as const] : [];
  });
  return given.length > 0 ? { ...DEFAULT_FAULT_SHARES, ...Object.fromEntries(given) } : undefined;
}

/**
 * FormData → plain object for the schema: empty fields mean "not given" (so defaults apply), `domains`
 * may come as repeated fields (a multi-select) or as one comma-separated value.
 */
export function launchFormToObject(form: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const harness: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || key.startsWith("$") || key === "domains" || key in FAULT_SHARE_FORM_FIELDS) continue;
    if (value.trim() === "") continue;
    if ((HARNESS_2026_FORM_FIELDS as readonly string[]).includes(key)) harness[key] = value === "true" ? true : value === "false" ? false : value;
    else object[key] = value;
  }
  if (Object.keys(harness).length > 0) object.harness2026 = harness;
  const faultShares = faultSharesFromForm(form);
  if (faultShares) object.faultShares = faultShares;
  const domains = form
    .getAll("domains")
    .flatMap((value) => (typeof value === "string" ? value.split(",") : []))
    .map((value) => value.trim())
    .filter(Boolean);
  if (domains.length > 0) object.domains = domains;
  return object;
}
