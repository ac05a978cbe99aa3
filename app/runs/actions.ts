"use server";
// Server actions for runs: launch and cancel. Each calls the guard (lib/auth requireActor) first and
// records the change in the audit table; validation lives in lib/runs/launch-input.ts, the work in
// lib/runs; these only translate between forms and lib, revalidate and redirect.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { NotSignedInError, recordAudit, requireActor, type Actor } from "@/lib/auth";
import { prisma } from "@/lib/db";
import { checkLaunchRate } from "@/lib/runs/budget";
import { cancelRun } from "@/lib/runs/cancel";
import { launchFieldsSchema, launchFormToObject, launchRunInputSchema, WEB_REFUSED_FIELDS } from "@/lib/runs/launch-input";
import { plainFormErrorMap } from "@/lib/runs/plain-form-errors";
import { startPushDrivers } from "@/lib/external-runs/push";
import { getMcpDeps } from "@/lib/external-runs/deps";
import { closeExpiredSessions } from "@/lib/external-runs/close-session";
import { errorMessage } from "@/lib/errors";
import { launchParsedRun, LaunchError } from "@/lib/runs/launch";
import { launchAllPhrasings } from "@/lib/runs/sweep";
import type { LaunchRunRequest } from "@/lib/runs/launch-input";
import { choiceProblemsOf, fieldErrorsOf } from "@/lib/runs/launch-checks";
import { convertEstimatedRun, EstimateError } from "@/lib/runs/estimated-run";
import { freshItemBank } from "@/lib/queries/item-bank";

export type LaunchRunState =
  | { readonly status: "idle" }
  | { readonly status: "invalid"; readonly fieldErrors: Record<string, string[] | undefined> }
  | { readonly status: "error"; readonly message: string }
  /** External runs: the agent token is shown once, here, instead of redirecting to the run page. */
  | { readonly status: "external"; readonly runId: string; readonly agentToken: string };

export type CancelRunState = { readonly status: "idle" | "done" } | { readonly status: "error"; readonly message: string };

/** The launch form's errors in plain words, naming each field and what it accepts. */
const LAUNCH_ERROR_MAP = plainFormErrorMap(launchFieldsSchema.shape);

/** The guard's verdict as a value: the actor, or the message to show instead of changing anything. */
async function actorFor(action: string, target?: string): Promise<Actor | { message: string }> {
  try {
    return await requireActor(action, target);
  } catch (error) {
    if (error instanceof NotSignedInError) return { message: "Sign in to make changes" };
    throw error;
  }
}

export async function launchRunAction(_previous: LaunchRunState | undefined, formData: FormData): Promise<LaunchRunState> {
  const actor = await actorFor("run.launch");
  if ("message" in actor) return { status: "error", message: actor.message };
  // Server paths (a replay file) are a CLI option: from the web they would let anyone probe the disk.
  const refused = WEB_REFUSED_FIELDS.filter((field) => formData.has(field));
  if (refused.length > 0) {
    return { status: "invalid", fieldErrors: Object.fromEntries(refused.map((field) => [field, ["Not accepted from the web: use the CLI"]])) };
  }
  const { phrasing: askedPhrasing, ...fields } = launchFormToObject(formData);
  // "all" is one run per phrasing (launched as a sweep of this configuration); a run takes one phrasing.
  const all = askedPhrasing === "all";
  const raw = all ? fields : { ...fields, ...(askedPhrasing === undefined ? {} : { phrasing: askedPhrasing }) };
  if (all && fields.agent === "external") return { status: "invalid", fieldErrors: { phrasing: ["An external agent's run takes one phrasing: its token is for one run"] } };
  const parsed = launchRunInputSchema.safeParse(raw, { error: LAUNCH_ERROR_MAP });
  if (!parsed.success) {
    // Every field at once: the schema's errors, and the configuration's about the fields that parsed.
    return { status: "invalid", fieldErrors: { ...fieldErrorsOf(choiceProblemsOf(raw)), ...z.flattenError(parsed.error).fieldErrors } };
  }
  const limited = await checkLaunchRate(prisma, actor.label);
  if (limited) return { status: "error", message: limited };
  if (all) return launchAllPhrasingsFromForm(raw as Omit<LaunchRunRequest, "phrasing">, actor);
  let runId: string;
  let agentToken: string | undefined;
  try {
    let pushMode: boolean | undefined;
    // An estimated run's item bank is refitted first when the runs it was fitted on have changed.
    const itemBank = parsed.data.estimate ? freshItemBank(prisma) : undefined;
    ({ runId, agentToken, pushMode } = await launchParsedRun(parsed.data, { db: prisma, launchedBy: actor.label, itemBank }));
    if (pushMode) startPushDrivers(); // this process posts the run's tasks to WORKBENCH_AGENT_URL
    await recordAudit(prisma, actor, "run.launch", runId, { agent: parsed.data.agent, endpoint: parsed.data.endpoint ?? null });
  } catch (error) {
    if (error instanceof LaunchError && error.field) return { status: "invalid", fieldErrors: error.fieldErrors };
    // Database details stay in the server log; the form gets a message it can show.
    console.error("[launchRunAction]", error);
    return { status: "error", message: error instanceof LaunchError ? error.message : "The run could not be launched" };
  }
  revalidatePath("/runs");
  if (agentToken) return { status: "external", runId, agentToken };
  redirect(`/runs/${runId}`);
}

/** The form's "all": the three runs all or none, then the page of the sweep that links them. */
async function launchAllPhrasingsFromForm(request: Omit<LaunchRunRequest, "phrasing">, actor: Actor): Promise<LaunchRunState> {
  let sweepId: string;
  try {
    const sweep = await launchAllPhrasings(request, { db: prisma, launchedBy: actor.label });
    sweepId = sweep.sweepId;
    await recordAudit(prisma, actor, "sweep.launch", sweep.sweepId, { runs: sweep.runs.length, runIds: sweep.runs.map((run) => run.runId).join(","), phrasings: "all" });
  } catch (error) {
    if (error instanceof LaunchError && error.field) return { status: "invalid", fieldErrors: error.fieldErrors };
    console.error("[launchRunAction]", error);
    return { status: "error", message: error instanceof LaunchError ? error.message : "The runs could not be launched" };
  }
  revalidatePath("/runs");
  redirect(`/sweeps/${sweepId}`);
}

/**
 * An external run's open MCP sessions are closed and scored before the cancel returns (a call after it
 * is refused from the cancel's commit anyway, lib/external-runs/session-auth.ts). A failure here only
 * leaves them to the supervisor's next tick.
 */
async function closeCancelledSessions(runId: string): Promise<void> {
  try {
    await closeExpiredSessions(await getMcpDeps(), { runId });
  } catch (error) {
    console.error(`[cancelRunAction] the sessions of run ${runId} are left to the supervisor: ${errorMessage(error)}`);
  }
}

export async function cancelRunAction(runId: string): Promise<CancelRunState> {
  if (typeof runId !== "string" || runId.length > 64) return { status: "error", message: "Unknown run" };
  const actor = await actorFor("run.cancel", runId);
  if ("message" in actor) return { status: "error", message: actor.message };
  const outcome = await cancelRun(prisma, runId);
  if (outcome !== "not_active") {
    await recordAudit(prisma, actor, "run.cancel", runId);
    await closeCancelledSessions(runId);
  }
  revalidatePath("/runs");
  revalidatePath(`/runs/${runId}`);
  return { status: "done" };
}

export type RunRestState = { readonly status: "idle" } | { readonly status: "done"; readonly queued: number } | { readonly status: "error"; readonly message: string };

/** Turns a finished estimated run into a full run: the tasks it did not run are queued into it (lib/runs/estimated-run.ts). */
export async function runRestAction(runId: string): Promise<RunRestState> {
  if (typeof runId !== "string" || runId.length > 64) return { status: "error", message: "Unknown run" };
  const actor = await actorFor("run.run-rest", runId);
  if ("message" in actor) return { status: "error", message: actor.message };
  try {
    const { queued } = await convertEstimatedRun(prisma, runId);
    await recordAudit(prisma, actor, "run.run-rest", runId, { queued });
    revalidatePath("/runs");
    revalidatePath(`/runs/${runId}`);
    return { status: "done", queued };
  } catch (error) {
    if (error instanceof EstimateError) return { status: "error", message: error.message };
    throw error;
  }
}
