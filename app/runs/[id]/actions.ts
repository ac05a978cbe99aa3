"use server";
// Re-scoring a finished run from its page. The work is lib/runs/rescore.ts (also the CLI's `rescore`);
// this only validates the form, calls the guard (lib/auth requireActor), audits and revalidates.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { NotSignedInError, recordAudit, requireActor, type Actor } from "@/lib/auth";
import { prisma } from "@/lib/db";
import { rescoreRun, RescoreError } from "@/lib/runs/rescore";
import { SCORING_REVISIONS } from "@/lib/workbench/protocols/types";

export type RescoreState =
  | { readonly status: "idle" }
  | { readonly status: "done"; readonly message: string }
  | { readonly status: "error"; readonly message: string };

const rescoreSchema = z.object({ runId: z.string().min(1), revision: z.enum(SCORING_REVISIONS) });

export async function rescoreRunAction(_previous: RescoreState, formData: FormData): Promise<RescoreState> {
  const parsed = rescoreSchema.safeParse({ runId: formData.get("runId"), revision: formData.get("revision") });
  if (!parsed.success) return { status: "error", message: "Choose a scoring revision" };
  let actor: Actor;
  try {
    actor = await requireActor("run.rescore", parsed.data.runId);
  } catch (error) {
    if (error instanceof NotSignedInError) return { status: "error", message: error.message };
    throw error;
  }
  try {
    const result = await rescoreRun(prisma, parsed.data);
    await recordAudit(prisma, actor, "run.rescore", result.runId, { from: result.from, to: result.to, changed: result.changed });
    revalidatePath(`/runs/${result.runId}`);
    revalidatePath("/leaderboard", "layout"); // the configuration board and /leaderboard/runs
    return { status: "done", message: `Re-scored under ${result.to}: ${result.correct}/${result.tasks} correct, ${result.changed} verdict(s) changed` };
  } catch (error) {
    if (error instanceof RescoreError) return { status: "error", message: error.message };
    console.error("[rescoreRunAction]", error);
    return { status: "error", message: "The run could not be re-scored" };
  }
}
