"use server";
// Run management from the run page and the runs list (bulk). The work is lib/runs/manage.ts (also the
// CLI's `workbench runs`), which audits each change; this validates the form, calls the guard
// (requireActor) and revalidates the pages that show runs.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { NotSignedInError, requireActor } from "@/lib/auth";
import { prisma } from "@/lib/db";
import { getRunFootprint } from "@/lib/queries/runs";
import { deleteRuns, parseTags, renameRun, RunManageError, runNameSchema, runNoteSchema, setRunNote, setRunsArchived, setRunsTest, tagRuns } from "@/lib/runs/manage";

export type ManageRunsState =
  | { readonly status: "idle" }
  | { readonly status: "done"; readonly message: string }
  | { readonly status: "invalid"; readonly fieldErrors: Readonly<Record<string, string>> }
  | { readonly status: "error"; readonly message: string };

const runIds = z.array(z.string().min(1).max(100)).min(1, "Select at least one run").max(500);

const manageSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("rename"), runIds, name: runNameSchema }),
  z.object({ op: z.literal("note"), runIds, note: runNoteSchema }),
  z.object({ op: z.literal("tag"), runIds, add: z.string().max(500).default(""), remove: z.string().max(500).default("") }),
  z.object({ op: z.enum(["archive", "restore", "test", "untest", "delete"]), runIds }),
]);

function formOf(formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return { op: text("op"), runIds: formData.getAll("runId").filter((id) => typeof id === "string"), name: text("name"), note: text("note"), add: text("add"), remove: text("remove") };
}

/**
 * What deleting a run takes with it, counted when the run page's Delete is pressed rather than on every
 * view of the page (the steps are a join over the run's results). A read: no sign-in needed.
 */
export async function runFootprintAction(runId: string): Promise<{ readonly results: number; readonly steps: number } | null> {
  const id = z.string().min(1).max(100).safeParse(runId);
  return id.success ? getRunFootprint({ id: id.data }) : null;
}

/** One action for every management change; `op` says which. `redirectTo` (a path of ours) follows a delete from the run's own page. */
export async function manageRunsAction(_previous: ManageRunsState, formData: FormData): Promise<ManageRunsState> {
  const parsed = manageSchema.safeParse(formOf(formData));
  if (!parsed.success) {
    return { status: "invalid", fieldErrors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message])) };
  }
  const input = parsed.data;
  let message: string;
  try {
    const actor = await requireActor(`run.${input.op}`, input.runIds.join(","));
    message = await apply(actor, input);
  } catch (error) {
    if (error instanceof NotSignedInError || error instanceof RunManageError) return { status: "error", message: error.message };
    console.error("[manageRunsAction]", error);
    return { status: "error", message: "The change could not be made" };
  }
  revalidatePath("/runs", "layout");
  revalidatePath("/leaderboard", "layout");
  // A deleted run's page is gone: back to the list (redirect outside any try).
  if (input.op === "delete" && formData.get("redirectTo") === "/runs") redirect("/runs");
  return { status: "done", message };
}

async function apply(actor: Awaited<ReturnType<typeof requireActor>>, input: z.infer<typeof manageSchema>): Promise<string> {
  const count = (n: number) => `${n} run${n === 1 ? "" : "s"}`;
  switch (input.op) {
    case "rename":
      await renameRun(prisma, actor, input.runIds[0] as string, input.name);
      return "Renamed";
    case "note":
      await setRunNote(prisma, actor, input.runIds[0] as string, input.note);
      return input.note.trim() ? "Note saved" : "Note cleared";
    case "tag":
      await tagRuns(prisma, actor, input.runIds, { add: parseTags(input.add), remove: parseTags(input.remove) });
      return `Tags changed on ${count(input.runIds.length)}`;
    case "archive":
    case "restore":
      return `${input.op === "archive" ? "Archived" : "Restored"} ${count(await setRunsArchived(prisma, actor, input.runIds, input.op === "archive"))}`;
    case "test":
    case "untest":
      return `${input.op === "test" ? "Marked" : "Unmarked"} ${count(await setRunsTest(prisma, actor, input.runIds, input.op === "test"))} as test`;
    case "delete":
      return `Deleted ${count((await deleteRuns(prisma, actor, input.runIds)).runs.length)}`;
    default: {
      const unknown: never = input;
      throw new Error(`unknown operation ${JSON.stringify(unknown)}`);
    }
  }
}
