"use server";
// Server actions for runs: launch and cancel. Validation lives in lib/runs/launch-input.ts, the work in
// lib/runs; these only translate between forms and lib, revalidate and redirect.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { prisma } from "@/lib/db";
import { getBoss } from "@/lib/runs/boss";
import { cancelRun } from "@/lib/runs/cancel";
import { launchFormToObject, launchRunInputSchema } from "@/lib/runs/launch-input";
import { launchRun, LaunchError } from "@/lib/runs/launch";

export type LaunchRunState =
  | { readonly status: "idle" }
  | { readonly status: "invalid"; readonly fieldErrors: Record<string, string[] | undefined> }
  | { readonly status: "error"; readonly message: string };

export async function launchRunAction(_previous: LaunchRunState | undefined, formData: FormData): Promise<LaunchRunState> {
  const parsed = launchRunInputSchema.safeParse(launchFormToObject(formData));
  if (!parsed.success) {
    return { status: "invalid", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  }
  let runId: string;
  try {
    ({ runId } = await launchRun(parsed.data, { db: prisma, boss: await getBoss() }));
  } catch (error) {
    // Database details stay in the server log; the form gets a message it can show.
    console.error("[launchRunAction]", error);
    return { status: "error", message: error instanceof LaunchError ? error.message : "The run could not be launched" };
  }
  revalidatePath("/runs");
  redirect(`/runs/${runId}`);
}

export async function cancelRunAction(runId: string): Promise<void> {
  await cancelRun(prisma, runId);
  revalidatePath("/runs");
  revalidatePath(`/runs/${runId}`);
}
