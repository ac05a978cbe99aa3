"use server";
// The reliability preset from its form (lib/runs/reliability-preset.ts): the guard first; without
// `confirm` the battery is prepared (every run checked, the sample drawn) and only its estimated cost is
// returned; with `confirm` (the second button, after the estimate was shown) the four runs are created,
// all or none, the launch goes in the audit log, and the page moves to their sweep.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { NotSignedInError, recordAudit, requireActor } from "@/lib/auth";
import { prisma } from "@/lib/db";
import { describePresetEstimate } from "@/lib/costs/preset-estimate";
import { checkLaunchRate } from "@/lib/runs/budget";
import { LaunchError } from "@/lib/runs/launch";
import { createReliabilityPreset, prepareReliabilityPreset, type PresetRequest } from "@/lib/runs/reliability-preset";

export type ReliabilityPresetState =
  | { readonly status: "idle" }
  | { readonly status: "invalid"; readonly fieldErrors: Record<string, string[] | undefined> }
  | { readonly status: "error"; readonly message: string }
  /** The estimate shown before launch; `seed` keeps the sample the estimate was made on. */
  | { readonly status: "estimate"; readonly text: string; readonly usd: number | null; readonly cells: number; readonly seed: number };

const FIELDS = ["agent", "endpoint", "model", "baseUrl", "dataset", "groundTruth", "toolSet", "limit", "trials", "seed", "name"] as const;

function requestOf(form: FormData): PresetRequest {
  const value = (name: string) => {
    const raw = form.get(name);
    return typeof raw === "string" && raw.trim() !== "" ? raw.trim() : undefined;
  };
  const fields = Object.fromEntries(FIELDS.map((name) => [name, value(name)]).filter(([, given]) => given !== undefined));
  return { ...fields, seed: fields.seed === undefined ? undefined : Number(fields.seed) } as PresetRequest;
}

export async function reliabilityPresetAction(_previous: ReliabilityPresetState | undefined, form: FormData): Promise<ReliabilityPresetState> {
  let actor;
  try {
    actor = await requireActor("run.launch");
  } catch (error) {
    if (error instanceof NotSignedInError) return { status: "error", message: "Sign in to make changes" };
    throw error;
  }
  const request = requestOf(form);
  const confirm = form.get("confirm") === "1";
  let sweepId: string;
  try {
    const prepared = await prepareReliabilityPreset(request, { db: prisma, launchedBy: actor.label });
    if (!confirm) {
      const seed = prepared.launches[0]!.launch.seed;
      return { status: "estimate", text: describePresetEstimate(prepared.estimate), usd: prepared.estimate.usd, cells: prepared.estimate.cells, seed };
    }
    const limited = await checkLaunchRate(prisma, actor.label);
    if (limited) return { status: "error", message: limited };
    const preset = await createReliabilityPreset(prepared, { db: prisma, launchedBy: actor.label });
    sweepId = preset.sweepId;
    await recordAudit(prisma, actor, "sweep.launch", preset.sweepId, { preset: "reliability", runs: preset.runs.length, runIds: preset.runs.map((run) => run.runId).join(",") });
  } catch (error) {
    if (error instanceof LaunchError) return error.field ? { status: "invalid", fieldErrors: { [error.field]: [error.message] } } : { status: "error", message: error.message };
    console.error("[reliabilityPresetAction]", error);
    return { status: "error", message: "The reliability preset could not be launched" };
  }
  revalidatePath("/runs");
  redirect(`/sweeps/${sweepId}`);
}
