// A sweep: one launch that creates a grid of runs, every agent (with its model) × every fault rate (× every
// phrasing, when asked), on the same tasks and the same fault seed, so the runs differ only where the grid says. Each run records its
// sweep (Run.params.sweep: id and name); the sweep page (app/sweeps/[id]) draws accuracy against fault rate
// per agent. Trials are each run's own setting (Run.trials).
import { randomInt, randomUUID } from "node:crypto";
import { z } from "zod";
import { cancelRun } from "./cancel";
import { createLaunchedRun, LaunchError, prepareLaunch, type LaunchDeps, type LaunchedRun, type PreparedLaunch } from "./launch";
import { launchRunInputSchema, type LaunchRunInput, type LaunchRunRequest } from "./launch-input";
import { MAX_FAULT_RATE } from "@/lib/workbench/tools/faults";
import { MODEL_AGENTS } from "../settings/launch-options";
import { runSettingsSchema } from "../settings/run-settings";
import { PHRASINGS, type Phrasing } from "@/lib/workbench/datasets/phrasings/names";

/** One line of the grid: an agent, and for a model agent its endpoint and model. */
export const sweepVariantSchema = z.object({
  agent: z.string().trim().min(1),
  endpoint: z.string().trim().min(1).optional(),
  model: z.string().trim().min(1).optional(),
});

export type SweepVariant = z.infer<typeof sweepVariantSchema>;

export const MAX_SWEEP_RUNS = 30;

export const sweepRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    variants: z.array(sweepVariantSchema).min(1, "At least one agent").max(10, "At most 10 agents"),
    faultRates: z
      .array(z.coerce.number().min(0, "A fault rate is at least 0").max(MAX_FAULT_RATE, `A fault rate is at most ${MAX_FAULT_RATE}`))
      .min(1, "At least one fault rate")
      .max(10, "At most 10 fault rates")
      .transform((rates) => [...new Set(rates)].sort((a, b) => a - b)),
    /**
     * Add rate 0 (a clean run per agent) when the rates lack it: the robustness board pairs each faulted
     * run with the clean run of its sweep, same tasks, same trials. Leave it out only by asking (false).
     */
    clean: z.boolean().default(true),
    /**
     * The wordings each (agent, fault rate) runs in (lib/workbench/datasets/phrasings): one run per
     * phrasing, all on the tasks worded in every one of them. Default: the tasks as written.
     */
    phrasings: z
      .array(z.enum(PHRASINGS, { message: "A phrasing is original, alt-1 or alt-2" }))
      .min(1, "At least one phrasing")
      .default(["original"])
      .transform((phrasings) => PHRASINGS.filter((phrasing) => phrasings.includes(phrasing))),
  })
  .transform(({ clean, ...sweep }) => ({ ...sweep, faultRates: clean && !sweep.faultRates.includes(0) ? [0, ...sweep.faultRates] : sweep.faultRates }))
  .refine((sweep) => sweep.variants.length * sweep.faultRates.length * sweep.phrasings.length <= MAX_SWEEP_RUNS, {
    message: `A sweep makes at most ${MAX_SWEEP_RUNS} runs (agents × fault rates × phrasings)`,
    path: ["faultRates"],
  });

export type SweepRequest = z.input<typeof sweepRequestSchema>;

export interface LaunchedSweep {
  readonly sweepId: string;
  readonly name: string;
  readonly runs: readonly (LaunchedRun & { readonly variant: SweepVariant; readonly faultRate: number; readonly phrasing: Phrasing })[];
}

/** "tools · gpt-4o" or "oracle-retry": how a variant is named on the sweep page and in its runs' names. */
export function variantLabel(variant: { agent: string; model?: string | null }): string {
  return variant.model ? `${variant.agent} · ${variant.model}` : variant.agent;
}

/** `agent` or `agent@endpoint/model` (the CLI's --agents items) → a variant. */
export function parseVariant(text: string): SweepVariant {
  const [agent = "", target] = text.trim().split("@", 2);
  if (!target) return { agent };
  const slash = target.indexOf("/");
  if (slash <= 0 || slash === target.length - 1) throw new LaunchError("invalid_input", `"${text}": write agent@endpoint/model, e.g. tools@mock/oracle`, "variants");
  return { agent, endpoint: target.slice(0, slash), model: target.slice(slash + 1) };
}

/**
 * Launches every run of the grid, or none: every run is parsed and checked (endpoint, key, tasks, size)
 * before the first is created, so a refused one (an endpoint without its key, say) leaves no run behind.
 * Only a database failure while writing can stop it midway; the runs already queued are then cancelled.
 * `base` holds what every run shares (dataset, tasks, trials, fault seed...).
 */
export async function launchSweep(request: SweepRequest, base: Omit<LaunchRunRequest, "agent">, deps: LaunchDeps): Promise<LaunchedSweep> {
  const checked = sweepRequestSchema.safeParse(request);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path[0] === "faultRates" || issue?.path[0] === "phrasings" ? issue.path[0] : "agents";
    throw new LaunchError("invalid_input", issue?.message ?? "invalid sweep", field);
  }
  const sweep = checked.data;
  const sweepId = randomUUID();
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  const reworded = sweep.phrasings.length > 1 || sweep.phrasings[0] !== "original";
  const name =
    sweep.name ??
    `sweep of ${plural(sweep.variants.length, "agent")} × ${plural(sweep.faultRates.length, "fault rate")}${reworded ? ` × ${plural(sweep.phrasings.length, "phrasing")}` : ""}`;
  // A sample of tasks must be the same for every run: one seed for the sweep when none is given.
  const seed = base.limit !== undefined && base.seed === undefined ? randomInt(0, 2_147_483_647) : base.seed;
  type Cell = { variant: SweepVariant; faultRate: number; phrasing: Phrasing };
  const inputs: (Cell & { input: LaunchRunInput })[] = [];
  const asksConfidence = runSettingsSchema.shape.askConfidence.safeParse(base.askConfidence).data === true;
  for (const variant of sweep.variants) {
    for (const faultRate of sweep.faultRates) {
      for (const phrasing of sweep.phrasings) {
        const parsed = launchRunInputSchema.safeParse({
          ...base,
          ...variant,
          // The confidence turn is for the model agents of the grid; the reference agents (oracle…) have no model to ask.
          ...(asksConfidence && !MODEL_AGENTS.includes(variant.agent) ? { askConfidence: false } : {}),
          seed,
          faultRate,
          phrasing,
          name: `${name} · ${variantLabel(variant)} · fault rate ${faultRate}${reworded ? ` · ${phrasing} phrasing` : ""}`,
          sweep: { id: sweepId, name },
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new LaunchError("invalid_input", `${variantLabel(variant)}: ${issue?.message ?? "invalid"}`, String(issue?.path[0] ?? "variants"));
        }
        inputs.push({ variant, faultRate, phrasing, input: parsed.data });
      }
    }
  }
  // Every phrasing's run keeps the tasks worded in all of the sweep's phrasings: the runs pair task for task.
  const prepared: (Cell & { launch: PreparedLaunch })[] = [];
  for (const { input, ...cell } of inputs) prepared.push({ ...cell, launch: await prepareLaunch(input, deps, { samePhrasings: sweep.phrasings }) });
  const runs: LaunchedSweep["runs"][number][] = [];
  try {
    for (const { launch, ...cell } of prepared) runs.push({ ...(await createLaunchedRun(launch, deps)), ...cell });
  } catch (error) {
    await Promise.all(runs.map((run) => cancelRun(deps.db, run.runId)));
    throw error;
  }
  return { sweepId, name, runs };
}

/**
 * `run --phrasing all` and the form's "all": one run per phrasing of one configuration, on the same tasks,
 * launched all or none as a sweep of one agent at one fault rate, so the runs are linked (Run.params.sweep)
 * and the reliability profile pairs them task for task.
 */
export async function launchAllPhrasings(request: Omit<LaunchRunRequest, "phrasing">, deps: LaunchDeps): Promise<LaunchedSweep> {
  const { sweep, base } = allPhrasingsSweep(request);
  return launchSweep(sweep, base, deps);
}

/** The sweep `launchAllPhrasings` launches: the request's configuration at its fault rate, × the three phrasings. */
export function allPhrasingsSweep(request: Omit<LaunchRunRequest, "phrasing">): { sweep: SweepRequest; base: Omit<LaunchRunRequest, "agent"> } {
  const { agent, endpoint, provider, model, name, faultRate, ...base } = request;
  const target = endpoint ?? provider;
  const variant = { agent, ...(target ? { endpoint: target } : {}), ...(model ? { model } : {}) };
  const sweep = {
    name: name?.trim() || `${variantLabel(variant)} in every phrasing`.slice(0, 80),
    variants: [variant],
    faultRates: [faultRate === undefined ? 0 : Number(faultRate)],
    clean: false,
    phrasings: [...PHRASINGS],
  };
  return { sweep, base };
}
