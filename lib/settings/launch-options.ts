// The choices and limits of launching a run that the /runs/new form shows in the browser, kept apart
// from the zod schemas that check them (launch-input.ts, run-settings.ts): importing a schema module
// into a client component ships all of zod (~35 KiB gzipped) to the page.
import { AGENT_KINDS, MODEL_AGENT_KINDS } from "@/lib/workbench/agents/types";
import { TIME_LIMIT_MS_2026 } from "@/lib/workbench/agents/workbench-2026/defaults";
import { PHRASINGS } from "@/lib/workbench/datasets/phrasings/names";

export const TOOL_SETS = ["all", "domains"] as const;

/** What a run may be: a built-in agent, or `external` (an agent of the user's, over MCP; see lib/external-runs). */
export const RUN_AGENT_KINDS = [...AGENT_KINDS, "external"] as const;
export const EXTERNAL_MODES = ["pull", "push"] as const;

/** Longest value a form field may have; longer ones are a field error, checked before sending. */
export const MAX_FORM_FIELD_CHARS = 10_000;

/** Agents that talk to a model and therefore need a provider and a model id. */
export const MODEL_AGENTS: readonly string[] = MODEL_AGENT_KINDS;

export const MAX_CONCURRENCY = 64;

/** The paper's time limit per task: the default timeout of every agent but workbench-2026. */
export const PAPER_TIMEOUT_MS = 120_000;

/**
 * RunSettings' defaults (run-settings.ts builds its schema's defaults from these), as the form and the
 * CLI show them (the timeout: the paper's, where no agent chose one).
 */
export const RUN_SETTINGS_DEFAULTS = {
  concurrency: 4,
  trials: 1,
  temperature: 0,
  maxSteps: 20,
  timeoutMs: PAPER_TIMEOUT_MS,
  /** Probability that a tool call fails on purpose (lib/workbench/tools/faults.ts); 0: a clean run. */
  faultRate: 0,
  /** Seeds the fault schedule: the same seed gives every agent the same faults call for call. */
  faultSeed: 1,
  /** Each task as it was written (lib/workbench/datasets/phrasings). */
  phrasing: "original",
  /** No confidence turn after the final answer unless asked for. */
  askConfidence: false,
} as const satisfies Record<string, number | string | boolean>;

/** The phrasings a launch may ask for: one, or `all` (one run per phrasing, on the same tasks). */
export const PHRASING_CHOICES = [...PHRASINGS, "all"] as const;

/** RunSettings' provider retry policy where a run sets none (lib/providers' clients start from it too). */
export const RETRY_DEFAULTS = { maxRetries: 4, baseDelayMs: 1_000, maxDelayMs: 30_000, requestTimeoutMs: 60_000 } as const satisfies Record<string, number>;

/** RunSettings' workbench-2026 harness flags where a run sets none: as the published runs. */
export const HARNESS_2026_DEFAULTS = { structuredOutputs: true, actWithoutConfirmation: true } as const;

/**
 * The per-task time limit a run of `agent` gets when it names none, as the form says it: upstream's,
 * checked between turns, for workbench-2026 (run-settings.ts withTimingDefaults); the paper's for the rest.
 */
export function defaultTimeLimitMs(agent: string): number {
  return agent === "workbench-2026" ? TIME_LIMIT_MS_2026 : RUN_SETTINGS_DEFAULTS.timeoutMs;
}
