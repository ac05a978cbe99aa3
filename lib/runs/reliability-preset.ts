// The reliability preset (issue 39; docs/reliability-profile.md, "The reliability preset"): one launch
// that measures a configuration's whole profile. k trials (3) of each phrasing (original, alt-1, alt-2)
// on one template-stratified sample, plus a run at fault rate 0.1 of the original phrasing on the same
// sample and trials: four runs, the same tasks (one seed), linked as one sweep (Run.params.sweep) so they
// are found together. Every run of a model agent asks for its confidence (RunSettings askConfidence), so the
// profile's predictability is measured too (a reference agent has no model to ask). All or nothing, as a sweep: every run is prepared (checked, tasks chosen) before
// the first is created. Its estimated cost is worked out from the prepared runs before anything is written.
import { randomInt, randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { perTaskUsd, presetEstimate, type PerTaskEstimate, type PresetEstimate } from "@/lib/costs/preset-estimate";
import { findPrice, loadPriceTable } from "@/lib/providers";
import { MODEL_AGENTS } from "@/lib/settings/launch-options";
import { PHRASINGS, type Phrasing } from "@/lib/workbench/datasets/phrasings/names";
import { cancelRun } from "./cancel";
import { createLaunchedRun, LaunchError, prepareLaunch, type LaunchDeps, type LaunchedRun, type PreparedLaunch } from "./launch";
import { launchRunInputSchema, type LaunchRunRequest } from "./launch-input";

export const PRESET_TRIALS = 3;
export const PRESET_FAULT_RATE = 0.1;

/** The battery's runs: each phrasing clean, then the original wording under faults. */
export const PRESET_RUNS: readonly { readonly phrasing: Phrasing; readonly faultRate: number }[] = [
  ...PHRASINGS.map((phrasing) => ({ phrasing, faultRate: 0 })),
  { phrasing: "original", faultRate: PRESET_FAULT_RATE },
];

/** What the preset takes: a run's agent, model and tasks; trials and the sample size may be changed. */
export type PresetRequest = Omit<LaunchRunRequest, "phrasing" | "faultRate" | "sample" | "sweep" | "limit" | "trials" | "askConfidence"> & {
  /** Tasks in the sample; default one per task template of the ground truth's version (69 for WorkBench). */
  readonly limit?: number | string;
  readonly trials?: number | string;
};

export interface PreparedPreset {
  readonly name: string;
  readonly launches: readonly { readonly phrasing: Phrasing; readonly faultRate: number; readonly launch: PreparedLaunch }[];
  readonly estimate: PresetEstimate;
}

export interface LaunchedPreset {
  readonly sweepId: string;
  readonly name: string;
  readonly estimate: PresetEstimate;
  readonly runs: readonly (LaunchedRun & { readonly phrasing: Phrasing; readonly faultRate: number })[];
}

/** Task templates of the version a launch would use: the preset's default sample size. */
async function templateCount(db: PrismaClient, request: PresetRequest): Promise<number | null> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(DISTINCT t."baseTemplate")::int AS n FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId" JOIN "Dataset" d ON d.id = v."datasetId"
     WHERE d.slug = ${request.dataset ?? "workbench"} AND v.name = ${request.groundTruth ?? "v1"}
       AND v."importedAt" = (SELECT max(w."importedAt") FROM "GroundTruthVersion" w WHERE w."datasetId" = v."datasetId" AND w.name = v.name)`;
  return row && row.n > 0 ? row.n : null;
}

/**
 * Checks every run of the battery and chooses its tasks (the same for all: one seed), without writing
 * anything; the estimate is made from what was prepared. Bad input is a LaunchError naming its field.
 */
export async function prepareReliabilityPreset(request: PresetRequest, deps: LaunchDeps): Promise<PreparedPreset> {
  const trials = request.trials === undefined || request.trials === "" ? PRESET_TRIALS : Number(request.trials);
  if (!Number.isInteger(trials) || trials < 2) throw new LaunchError("invalid_input", "The preset needs at least 2 trials (consistency is measured across trials)", "trials");
  const limit = request.limit === undefined || request.limit === "" ? await templateCount(deps.db, request) : Number(request.limit);
  if (limit === null) throw new LaunchError("dataset_missing", `Ground truth ${request.groundTruth ?? "v1"} of dataset "${request.dataset ?? "workbench"}" is not imported`);
  if (!Number.isInteger(limit) || limit < 1) throw new LaunchError("invalid_input", "The sample is a whole number of tasks, at least 1", "limit");
  const seed = request.seed === undefined || request.seed === "" ? randomInt(0, 2_147_483_647) : request.seed;
  const sweepId = randomUUID();
  const label = request.model ? `${request.agent} · ${request.model}` : request.agent;
  const name = request.name?.trim() || `reliability preset · ${label}`.slice(0, 80);
  const launches: PreparedPreset["launches"][number][] = [];
  for (const { phrasing, faultRate } of PRESET_RUNS) {
    const parsed = launchRunInputSchema.safeParse({
      // The confidence turn asks a model: a reference agent (oracle-retry…) has none, and is measured without it.
      ...request, limit, trials, seed, sample: "stratified", phrasing, faultRate, askConfidence: MODEL_AGENTS.includes(request.agent),
      name: `${name} · ${phrasing}${faultRate ? ` · fault rate ${faultRate}` : ""}`,
      sweep: { id: sweepId, name },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LaunchError("invalid_input", issue?.message ?? "invalid", String(issue?.path[0] ?? "agent"));
    }
    // Every run keeps the tasks worded in all three phrasings, so one seed draws one sample for the four.
    const launch = await prepareLaunch(parsed.data, deps, { samePhrasings: PHRASINGS });
    // A sample larger than the tasks there are would quietly run them all: said instead.
    if (launch.tasks.length < limit) {
      throw new LaunchError("invalid_input", `The sample asks for ${limit} tasks but only ${launch.tasks.length} match (dataset, ground truth, domains)`, "limit");
    }
    launches.push({ phrasing, faultRate, launch });
  }
  const first = launches[0]!.launch;
  const perTask = await perTaskEstimate(deps.db, { agent: first.input.agent, provider: first.target?.kind ?? null, model: first.target ? (first.input.model ?? null) : null });
  return { name, launches, estimate: presetEstimate({ runs: launches.length, tasks: first.tasks.length, trials, perTask }) };
}

/** Creates the prepared runs, all or none (a database failure midway cancels those already queued). */
export async function createReliabilityPreset(prepared: PreparedPreset, deps: LaunchDeps): Promise<LaunchedPreset> {
  const runs: LaunchedPreset["runs"][number][] = [];
  try {
    for (const { phrasing, faultRate, launch } of prepared.launches) runs.push({ ...(await createLaunchedRun(launch, deps)), phrasing, faultRate });
  } catch (error) {
    await Promise.all(runs.map((run) => cancelRun(deps.db, run.runId)));
    throw error;
  }
  const sweep = prepared.launches[0]!.launch.input.sweep!;
  return { sweepId: sweep.id, name: sweep.name, estimate: prepared.estimate, runs };
}

export async function launchReliabilityPreset(request: PresetRequest, deps: LaunchDeps): Promise<LaunchedPreset> {
  return createReliabilityPreset(await prepareReliabilityPreset(request, deps), deps);
}

/**
 * Tokens and cost one (task, trial) of this model is expected to take, from the stored history: its own
 * measured runs (launched, completed, with tokens) when it has some, else the recorded runs' estimated
 * usage of the same model, else every run's mean usage; priced at the price table's price for the
 * model (unknown without one). A model-less agent (oracle, noop...) costs nothing.
 */
export async function perTaskEstimate(db: PrismaClient, run: { agent: string; provider: string | null; model: string | null }): Promise<PerTaskEstimate> {
  if (!MODEL_AGENTS.includes(run.agent) || !run.provider || !run.model) return { inputTokens: 0, outputTokens: 0, usd: 0, basis: `the ${run.agent} agent calls no model: it costs nothing` };
  const tiers = await db.$queryRaw<{ tier: number; runs: number; cells: number; input: number; output: number }[]>`
    SELECT tier, count(*)::int AS runs, sum(cells)::float8 AS cells, sum(input)::float8 AS input, sum(output)::float8 AS output FROM (
      SELECT CASE WHEN r.model = ${run.model} AND r."inputTokens" + r."outputTokens" > 0 THEN 1
                  WHEN r.model = ${run.model} THEN 2 ELSE 3 END AS tier,
             r."tasksDone" AS cells,
             CASE WHEN r."inputTokens" + r."outputTokens" > 0 THEN r."inputTokens" ELSE r."estimatedInputTokens" END AS input,
             CASE WHEN r."inputTokens" + r."outputTokens" > 0 THEN r."outputTokens" ELSE r."estimatedOutputTokens" END AS output
        FROM "Run" r
       WHERE r."archivedAt" IS NULL AND NOT r."testRun" AND r."tasksDone" > 0 AND r.status IN ('completed', 'budget_exceeded')
         AND (r."inputTokens" + r."outputTokens" > 0 OR r."estimatedInputTokens" IS NOT NULL)) u
     GROUP BY tier ORDER BY tier LIMIT 1`;
  const tier = tiers[0];
  if (!tier || tier.cells === 0) return { inputTokens: null, outputTokens: null, usd: null, basis: "no stored run has measured or estimated usage to go by" };
  const tokens = { inputTokens: tier.input / tier.cells, outputTokens: tier.output / tier.cells };
  const price = findPrice(loadPriceTable(), run.provider, run.model);
  const source = tier.tier === 1 ? `measured usage of ${tier.runs} run${tier.runs === 1 ? "" : "s"} of ${run.model}`
    : tier.tier === 2 ? `estimated usage of ${tier.runs} recorded run${tier.runs === 1 ? "" : "s"} of ${run.model}`
    : `mean usage of ${tier.runs} stored run${tier.runs === 1 ? "" : "s"} of other models (none of ${run.model})`;
  const priced = price ? `at ${run.provider}'s price for ${run.model} ($${price.input} / $${price.output} per 1M tokens in / out)` : `${run.model} has no price in the price table`;
  return { ...tokens, usd: perTaskUsd(tokens, price), basis: `${Math.round(tokens.inputTokens + tokens.outputTokens).toLocaleString("en-US")} tokens per (task, trial), the ${source}, ${priced}` };
}
