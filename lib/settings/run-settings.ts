// RunSettings: how a run's tasks are executed, one zod schema with its defaults. The launch input takes
// its fields from here (form, CLI, server action, launchRun), the form's defaults and the CLI's help are
// derived from RUN_SETTINGS_DEFAULTS (launch-options.ts, zod-free for the form), launch writes them once into Run (concurrency and trials as
// columns, the rest in `params`), and the worker and the external claim read them back through
// runSettingsFrom, so a default is written in one place.
import { z } from "zod";
import { HARNESS_2026_DEFAULTS, MAX_CONCURRENCY, PAPER_TIMEOUT_MS, RUN_SETTINGS_DEFAULTS } from "./launch-options";
import { LAST_CALL_WORST_CASE_MS_2026, RETRY_POLICY_2026, TIME_LIMIT_MS_2026 } from "@/lib/workbench/agents/workbench-2026/defaults";
import { DEFAULT_FAULT_SHARES, faultSharesProblem, MAX_FAULT_RATE, type FaultPlan } from "@/lib/workbench/tools/faults";
import { PHRASINGS } from "@/lib/workbench/datasets/phrasings/names";

const faultShare = z.coerce.number().min(0, "A fault share is at least 0").max(100, "A fault share is at most 100");

/** The three kinds' weights; each call type must keep a kind with a positive weight. */
const faultSharesSchema = z
  .object({ transient: faultShare, ambiguous: faultShare, malformed: faultShare })
  .superRefine((shares, ctx) => {
    const problem = faultSharesProblem(shares);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const runSettingsSchema = z.object({
  /** Tasks of this run in flight at once, across every worker and agent (Run.concurrency). */
  concurrency: z.coerce.number().int().min(1).max(MAX_CONCURRENCY).default(RUN_SETTINGS_DEFAULTS.concurrency),
  /** Runs of each task (Run.trials). */
  trials: z.coerce.number().int().min(1).max(20).default(RUN_SETTINGS_DEFAULTS.trials),
  temperature: z.coerce.number().min(0).max(2).default(RUN_SETTINGS_DEFAULTS.temperature),
  /** The paper's limit: 20 agent steps. */
  maxSteps: z.coerce.number().int().min(1).max(100).default(RUN_SETTINGS_DEFAULTS.maxSteps),
  /**
   * Per task. Left out, each agent's default applies at launch (withTimingDefaults below):
   * the paper's 120 s, or upstream's 600 s checked between turns for workbench-2026.
   */
  timeoutMs: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  /** Each tool call fails on purpose with this probability (lib/workbench/tools/faults.ts); 0: clean. */
  faultRate: z.coerce.number().min(0).max(MAX_FAULT_RATE).default(RUN_SETTINGS_DEFAULTS.faultRate),
  /** The fault schedule's seed: a pure function of (seed, task, call ordinal). */
  faultSeed: z.coerce.number().int().min(0).max(2_147_483_647).default(RUN_SETTINGS_DEFAULTS.faultSeed),
  /**
   * Relative weights of the fault kinds (faults.ts FaultPlan.shares): a faulted write is transient or
   * ambiguous, a faulted read transient or malformed, by these weights. Default: equal.
   */
  faultShares: faultSharesSchema.default({ ...DEFAULT_FAULT_SHARES }),
  /**
   * The wording each task is given (lib/workbench/datasets/phrasings): the one it was written in, or its
   * template's other phrasings filled with the same values (same ground truth). A run has one; launching
   * "all" makes one run per phrasing (launch-input.ts).
   */
  phrasing: z.enum(PHRASINGS, { message: "Phrasing is original, alt-1 or alt-2" }).default(RUN_SETTINGS_DEFAULTS.phrasing),
  /**
   * Opt-in: after its final answer the agent is asked, in one short extra turn, how confident it is that
   * the task was done correctly (TaskResult.confidence). Off: the run is exactly as without the setting.
   */
  askConfidence: z
    .preprocess((value) => (typeof value === "string" ? ["on", "true", "1", "yes"].includes(value.trim().toLowerCase()) : value), z.boolean())
    .default(RUN_SETTINGS_DEFAULTS.askConfidence),
  /** Provider retry policy overrides (CLI and tests; the form leaves the defaults, RETRY_DEFAULTS). */
  retry: z
    .object({
      maxRetries: z.number().int().min(0).max(10).optional(),
      baseDelayMs: z.number().int().min(0).max(60_000).optional(),
      requestTimeoutMs: z.number().int().min(100).max(600_000).optional(),
    })
    .optional(),
  /** `workbench-2026` only: the upstream harness flags (left out: HARNESS_2026_DEFAULTS, as the published runs). */
  harness2026: z.object({ structuredOutputs: z.boolean().optional(), actWithoutConfirmation: z.boolean().optional() }).optional(),
});

export type RunSettings = z.infer<typeof runSettingsSchema>;

/**
 * The timing a launch stores: the paper's 120 s per task, aborting mid-request; a workbench-2026 run
 * instead gets upstream's timing: the time limit (600 s unless given) checked by the agent between
 * turns, a worker deadline after the worst case of the last call, and upstream's per-call deadline and
 * retries wherever the user set none.
 */
export function withTimingDefaults<T extends { agent: string; timeoutMs?: number; retry?: object; harness2026?: object }>(input: T) {
  if (input.agent !== "workbench-2026") return { ...input, timeoutMs: input.timeoutMs ?? PAPER_TIMEOUT_MS };
  const timeLimitMs = input.timeoutMs ?? TIME_LIMIT_MS_2026;
  return {
    ...input,
    timeoutMs: timeLimitMs + LAST_CALL_WORST_CASE_MS_2026,
    retry: { ...RETRY_POLICY_2026, ...input.retry },
    harness2026: { ...input.harness2026, timeLimitMs },
  };
}

/**
 * The settings stored in `Run.params` (concurrency and trials are columns; see launch.ts runRow). The
 * stored timeout is the resolved one: a workbench-2026 run's worker deadline is its time limit plus the
 * worst case of its last call, so it may exceed what a user may type.
 */
const storedSettingsSchema = runSettingsSchema.pick({ temperature: true, maxSteps: true, faultRate: true, faultSeed: true, faultShares: true, phrasing: true }).extend({
  askConfidence: z.boolean(),
  timeoutMs: z.number().int().positive(),
  /** What launch stored: the user's overrides, on a workbench-2026 run merged over upstream's policy. */
  retry: runSettingsSchema.shape.retry.unwrap().extend({ maxDelayMs: z.number().int().min(0).optional() }).optional(),
  /** Each flag read on its own: a missing or invalid one is its default (runs from before it was stored). */
  harness2026: z
    .object({
      structuredOutputs: z.boolean().catch(HARNESS_2026_DEFAULTS.structuredOutputs),
      actWithoutConfirmation: z.boolean().catch(HARNESS_2026_DEFAULTS.actWithoutConfirmation),
      timeLimitMs: z.number().int().positive().catch(TIME_LIMIT_MS_2026),
    })
    .catch(() => ({ ...HARNESS_2026_DEFAULTS, timeLimitMs: TIME_LIMIT_MS_2026 })),
});

export type StoredRunSettings = z.infer<typeof storedSettingsSchema>;

const STORED_DEFAULTS = {
  temperature: RUN_SETTINGS_DEFAULTS.temperature,
  maxSteps: RUN_SETTINGS_DEFAULTS.maxSteps,
  timeoutMs: RUN_SETTINGS_DEFAULTS.timeoutMs,
  faultRate: RUN_SETTINGS_DEFAULTS.faultRate,
  faultSeed: RUN_SETTINGS_DEFAULTS.faultSeed,
  // Runs launched before shares were a setting had equal ones.
  faultShares: { ...DEFAULT_FAULT_SHARES },
  // Runs launched before phrasings were a setting ran the tasks as written, without a confidence turn.
  phrasing: RUN_SETTINGS_DEFAULTS.phrasing,
  askConfidence: RUN_SETTINGS_DEFAULTS.askConfidence,
  retry: undefined,
  harness2026: { ...HARNESS_2026_DEFAULTS, timeLimitMs: TIME_LIMIT_MS_2026 },
} satisfies StoredRunSettings;

/**
 * A run's settings read back from its params: each stored value through the schema, a missing or invalid
 * one (runs launched before it was stored, imported runs) as its default.
 */
export function runSettingsFrom(params: unknown): StoredRunSettings {
  const record = typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
  const read = <Key extends keyof StoredRunSettings>(key: Key): StoredRunSettings[Key] => {
    const parsed = storedSettingsSchema.shape[key].safeParse(record[key]);
    return parsed.success ? (parsed.data as StoredRunSettings[Key]) : STORED_DEFAULTS[key];
  };
  return {
    temperature: read("temperature"),
    maxSteps: read("maxSteps"),
    timeoutMs: read("timeoutMs"),
    faultRate: read("faultRate"),
    faultSeed: read("faultSeed"),
    faultShares: read("faultShares"),
    phrasing: read("phrasing"),
    askConfidence: read("askConfidence"),
    retry: read("retry"),
    harness2026: read("harness2026"),
  };
}

/** The fault plan a run's settings describe, or null for a clean run (rate 0). */
export function faultPlanOf(settings: Pick<StoredRunSettings, "faultRate" | "faultSeed" | "faultShares">): FaultPlan | null {
  return settings.faultRate > 0 ? { rate: settings.faultRate, seed: settings.faultSeed, shares: settings.faultShares } : null;
}
