// RunSettings: how a run's tasks are executed, one zod schema with its defaults. The launch input takes
// its fields from here (form, CLI, server action, launchRun), the form's defaults and the CLI's help are
// derived from RUN_SETTINGS_DEFAULTS (launch-options.ts, zod-free for the form), launch writes them once into Run (concurrency and trials as
// columns, the rest in `params`), and the worker and the external claim read them back through
// runSettingsFrom, so a default is written in one place.
import { z } from "zod";
import { MAX_CONCURRENCY, RUN_SETTINGS_DEFAULTS } from "./launch-options";
import { DEFAULT_FAULT_SHARES, MAX_FAULT_RATE, type FaultPlan } from "@/lib/workbench/tools/faults";

export const runSettingsSchema = z.object({
  /** Tasks of this run in flight at once, across every worker and agent (Run.concurrency). */
  concurrency: z.coerce.number().int().min(1).max(MAX_CONCURRENCY).default(RUN_SETTINGS_DEFAULTS.concurrency),
  /** Runs of each task (Run.trials). */
  trials: z.coerce.number().int().min(1).max(20).default(RUN_SETTINGS_DEFAULTS.trials),
  temperature: z.coerce.number().min(0).max(2).default(RUN_SETTINGS_DEFAULTS.temperature),
  /** The paper's limit: 20 agent steps. */
  maxSteps: z.coerce.number().int().min(1).max(100).default(RUN_SETTINGS_DEFAULTS.maxSteps),
  /**
   * Per task. Left out, each agent's default applies at launch (launch-input.ts withTimingDefaults):
   * the paper's 120 s, or upstream's 600 s checked between turns for workbench-2026.
   */
  timeoutMs: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  /** Each tool call fails on purpose with this probability (lib/workbench/tools/faults.ts); 0: clean. */
  faultRate: z.coerce.number().min(0).max(MAX_FAULT_RATE).default(RUN_SETTINGS_DEFAULTS.faultRate),
  /** The fault schedule's seed: a pure function of (seed, task, call ordinal). */
  faultSeed: z.coerce.number().int().min(0).max(2_147_483_647).default(RUN_SETTINGS_DEFAULTS.faultSeed),
});

export type RunSettings = z.infer<typeof runSettingsSchema>;

/**
 * The settings stored in `Run.params` (concurrency and trials are columns; see launch.ts runRow). The
 * stored timeout is the resolved one: a workbench-2026 run's worker deadline is its time limit plus the
 * worst case of its last call, so it may exceed what a user may type.
 */
const storedSettingsSchema = runSettingsSchema
  .pick({ temperature: true, maxSteps: true, faultRate: true, faultSeed: true })
  .extend({ timeoutMs: z.number().int().positive() });

export type StoredRunSettings = z.infer<typeof storedSettingsSchema>;

/**
 * A run's settings read back from its params: each stored value through the schema, a missing or invalid
 * one (runs launched before it was stored, imported runs) as its default.
 */
export function runSettingsFrom(params: unknown): StoredRunSettings {
  const record = typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
  const read = <Key extends keyof StoredRunSettings>(key: Key): StoredRunSettings[Key] => {
    const parsed = storedSettingsSchema.shape[key].safeParse(record[key]);
    return parsed.success ? (parsed.data as StoredRunSettings[Key]) : RUN_SETTINGS_DEFAULTS[key];
  };
  return {
    temperature: read("temperature"),
    maxSteps: read("maxSteps"),
    timeoutMs: read("timeoutMs"),
    faultRate: read("faultRate"),
    faultSeed: read("faultSeed"),
  };
}

/** The fault plan a run's settings describe, or null for a clean run (rate 0). Every kind has an equal share. */
export function faultPlanOf(settings: Pick<StoredRunSettings, "faultRate" | "faultSeed">): FaultPlan | null {
  return settings.faultRate > 0 ? { rate: settings.faultRate, seed: settings.faultSeed, shares: DEFAULT_FAULT_SHARES } : null;
}
