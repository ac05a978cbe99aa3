"use server";
// Launching a sweep (lib/runs/sweep.ts) from its form: the guard first, every field checked at once, the
// runs created all or none, the launch in the audit log, then the sweep's page.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { NotSignedInError, recordAudit, requireActor } from "@/lib/auth";
import { prisma } from "@/lib/db";
import { checkLaunchRate } from "@/lib/runs/budget";
import { LaunchError } from "@/lib/runs/launch";
import { parseSweepForm } from "@/lib/runs/sweep-form";
import { launchSweep } from "@/lib/runs/sweep";

export type LaunchSweepState =
  | { readonly status: "idle" }
  | { readonly status: "invalid"; readonly fieldErrors: Record<string, string[] | undefined> }
  | { readonly status: "error"; readonly message: string };

export async function launchSweepAction(_previous: LaunchSweepState | undefined, formData: FormData): Promise<LaunchSweepState> {
  let actor;
  try {
    actor = await requireActor("run.launch");
  } catch (error) {
    if (error instanceof NotSignedInError) return { status: "error", message: "Sign in to make changes" };
    throw error;
  }
  const parsed = parseSweepForm(formData);
  if (!parsed.ok) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const limited = await checkLaunchRate(prisma, actor.label);
  if (limited) return { status: "error", message: limited };
  let sweepId: string;
  try {
    const sweep = await launchSweep(parsed.sweep, parsed.base, { db: prisma, launchedBy: actor.label });
    sweepId = sweep.sweepId;
    await recordAudit(prisma, actor, "sweep.launch", sweep.sweepId, { runs: sweep.runs.length, runIds: sweep.runs.map((run) => run.runId).join(",") });
  } catch (error) {
    if (error instanceof LaunchError) return error.field ? { status: "invalid", fieldErrors: { [error.field]: [error.message] } } : { status: "error", message: error.message };
    console.error("[launchSweepAction]", error);
    return { status: "error", message: "The sweep could not be launched" };
  }
  revalidatePath("/runs");
  redirect(`/sweeps/${sweepId}`);
}
