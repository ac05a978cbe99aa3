// What a user may ask for when launching a run (the /runs/new form, the CLI `run` command). Parsed with
// zod in one place so the form, the server action and the CLI agree on defaults and limits.
import { z } from "zod";
import { AGENT_KINDS } from "@/lib/workbench/agents/types";
import { DOMAINS, GROUND_TRUTH_VERSIONS } from "@/lib/workbench/datasets/types";

export const PROVIDERS = ["openai", "anthropic", "openai-compatible", "mock"] as const;
export const TOOL_SETS = ["all", "domains"] as const;
export const MAX_CONCURRENCY = 64;

/** Agents that talk to a model and therefore need a provider and a model id. */
export const MODEL_AGENTS: readonly string[] = ["react", "tools"];

export const launchRunInputSchema = z
  .object({
    name: z.string().trim().max(120).optional(),
    groundTruth: z.enum(GROUND_TRUTH_VERSIONS).default("v1"),
    agent: z.enum(AGENT_KINDS),
    provider: z.enum(PROVIDERS).optional(),
    model: z.string().trim().min(1).max(200).optional(),
    baseUrl: z.url().optional(),
    toolSet: z.enum(TOOL_SETS).default("all"),
    domains: z.array(z.enum(DOMAINS)).default([]),
    limit: z.coerce.number().int().min(1).max(100_000).optional(),
    trials: z.coerce.number().int().min(1).max(20).default(1),
    concurrency: z.coerce.number().int().min(1).max(MAX_CONCURRENCY).default(4),
    temperature: z.coerce.number().min(0).max(2).default(0),
    maxSteps: z.coerce.number().int().min(1).max(100).default(20),
    timeoutMs: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    /** Provider retry policy overrides (CLI and tests; the form leaves the defaults). */
    retry: z
      .object({
        maxRetries: z.number().int().min(0).max(10).optional(),
        baseDelayMs: z.number().int().min(0).max(60_000).optional(),
        requestTimeoutMs: z.number().int().min(100).max(600_000).optional(),
      })
      .optional(),
    /** `replay` only: a recorded results CSV (v1 format) whose calls are replayed (CLI). */
    resultsFile: z.string().min(1).optional(),
  })
  .superRefine((input, ctx) => {
    if (MODEL_AGENTS.includes(input.agent)) {
      if (!input.provider) ctx.addIssue({ code: "custom", path: ["provider"], message: `The ${input.agent} agent needs a provider` });
      if (!input.model) ctx.addIssue({ code: "custom", path: ["model"], message: `The ${input.agent} agent needs a model id` });
      const needsUrl = input.provider === "openai-compatible" || input.provider === "mock";
      if (needsUrl && !input.baseUrl) {
        ctx.addIssue({ code: "custom", path: ["baseUrl"], message: `Provider ${input.provider} needs a base URL` });
      }
    }
    if (input.agent === "replay" && !input.resultsFile) {
      ctx.addIssue({ code: "custom", path: ["resultsFile"], message: "The replay agent needs a recorded results file" });
    }
  });

export type LaunchRunInput = z.infer<typeof launchRunInputSchema>;
/** Before defaults are applied (what callers may pass). */
export type LaunchRunRequest = z.input<typeof launchRunInputSchema>;

/**
 * FormData → plain object for the schema: empty fields mean "not given" (so defaults apply), `domains`
 * may come as repeated fields (a multi-select) or as one comma-separated value.
 */
export function launchFormToObject(form: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || key.startsWith("$") || key === "domains") continue;
    if (value.trim() !== "") object[key] = value;
  }
  const domains = form
    .getAll("domains")
    .flatMap((value) => (typeof value === "string" ? value.split(",") : []))
    .map((value) => value.trim())
    .filter(Boolean);
  if (domains.length > 0) object.domains = domains;
  return object;
}
