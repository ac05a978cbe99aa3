// Run management: rename, note, tags, archive/restore, test marking and delete. The one place the web's
// server actions (app/runs/manage-actions.ts) and the CLI (`workbench runs`) change runs: both pass the
// actor (lib/auth requireActor, or the CLI's), and every change is written to the audit log here.
// Archiving and the test mark move a run's verdicts between configurations by trigger (run_key(),
// lib/runs/tally.sql); a delete takes the run's results and steps with it by cascade, and the triggers
// subtract them from every tally in the same transaction; an imported run's files are remembered as
// deleted (lib/runs/import/deleted-imports.ts), so imports skip them until a restore is asked for.
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/auth/audit";
import type { Actor } from "@/lib/auth/audit";
import { CodedError } from "@/lib/errors";
import { rememberDeletedImports } from "./import/deleted-imports";
import { isActiveStatus } from "./run-outcome";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, hasControlCharactersButLines, printable } from "@/lib/security/printable";

export class RunManageError extends CodedError<"not_found" | "active" | "invalid"> {
  constructor(code: "not_found" | "active" | "invalid", message: string) {
    super(code, message);
    this.name = "RunManageError";
  }
}

// Names, tags and notes refuse control characters (an ESC sequence in a name reached terminals through
// `runs list`); a note may keep its line breaks and tabs.
export const runNameSchema = z.string().trim().min(1, "A name is needed").max(200, "At most 200 characters").refine((name) => !hasControlCharacters(name), CONTROL_CHARACTERS_MESSAGE);
export const runNoteSchema = z.string().trim().max(5000, "At most 5,000 characters").refine((note) => !hasControlCharactersButLines(note), CONTROL_CHARACTERS_MESSAGE);
/** A tag: free text without commas (lists of tags are written comma-separated). */
export const runTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(40, "A tag has at most 40 characters")
  .regex(/^[^,]+$/, "A tag cannot contain a comma")
  .refine((tag) => !hasControlCharacters(tag), CONTROL_CHARACTERS_MESSAGE);

/** `value` by `schema`, or a RunManageError with the first problem in words (never zod's issue list). */
function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new RunManageError("invalid", `${what}: ${result.error.issues[0]?.message ?? "not accepted"}`);
}

/** Tags from a comma-separated text (or a list), trimmed, without empties or repeats. */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = (typeof input === "string" ? input.split(",") : input.flatMap((part) => part.split(","))).map((tag) => tag.trim()).filter(Boolean);
  for (const tag of parts) {
    const checked = runTagSchema.safeParse(tag);
    if (!checked.success) throw new RunManageError("invalid", `${printable(tag)}: ${checked.error.issues[0]?.message ?? "not a tag"}`);
  }
  return [...new Set(parts)];
}

type Db = PrismaClient | Prisma.TransactionClient;

async function existingRuns(db: Db, ids: readonly string[]) {
  const runs = await db.run.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true, status: true, tags: true, archivedAt: true } });
  const missing = ids.filter((id) => !runs.some((run) => run.id === id));
  if (missing.length) throw new RunManageError("not_found", `No run ${missing.join(", ")}`);
  return runs;
}

export async function renameRun(db: PrismaClient, actor: Actor, runId: string, name: string): Promise<void> {
  const parsed = checked(runNameSchema, name, "The name");
  const [run] = await existingRuns(db, [runId]);
  await db.run.update({ where: { id: runId }, data: { name: parsed } });
  await recordAudit(db, actor, "run.rename", runId, { from: run?.name ?? null, to: parsed });
}

export async function setRunNote(db: PrismaClient, actor: Actor, runId: string, note: string): Promise<void> {
  const parsed = checked(runNoteSchema, note, "The note");
  await existingRuns(db, [runId]);
  await db.run.update({ where: { id: runId }, data: { note: parsed === "" ? null : parsed } });
  await recordAudit(db, actor, "run.note", runId, { length: parsed.length });
}

/** Adds and removes tags on runs; returns each run's tags after the change. */
export async function tagRuns(
  db: PrismaClient,
  actor: Actor,
  runIds: readonly string[],
  change: { readonly add?: readonly string[]; readonly remove?: readonly string[] },
): Promise<Map<string, string[]>> {
  const add = parseTags(change.add ?? []);
  const remove = new Set(parseTags(change.remove ?? []));
  const runs = await existingRuns(db, runIds);
  const result = new Map<string, string[]>();
  for (const run of runs) {
    const tags = [...new Set([...run.tags, ...add])].filter((tag) => !remove.has(tag));
    await db.run.update({ where: { id: run.id }, data: { tags } });
    result.set(run.id, tags);
  }
  await recordAudit(db, actor, "run.tag", runIds.join(","), { add: add.join(","), remove: [...remove].join(",") });
  return result;
}

/** Archives (`archived`) or restores runs: an archived run is off every board, picker and count. */
export async function setRunsArchived(db: PrismaClient, actor: Actor, runIds: readonly string[], archived: boolean): Promise<number> {
  await existingRuns(db, runIds);
  const { count } = await db.run.updateMany({
    where: { id: { in: [...runIds] }, archivedAt: archived ? null : { not: null } },
    data: { archivedAt: archived ? new Date() : null },
  });
  await recordAudit(db, actor, archived ? "run.archive" : "run.restore", runIds.join(","), { runs: runIds.length, changed: count });
  return count;
}

/** Marks runs as test runs (kept off the rankings) or as real ones. */
export async function setRunsTest(db: PrismaClient, actor: Actor, runIds: readonly string[], test: boolean): Promise<number> {
  await existingRuns(db, runIds);
  const { count } = await db.run.updateMany({ where: { id: { in: [...runIds] }, testRun: !test }, data: { testRun: test } });
  await recordAudit(db, actor, test ? "run.mark_test" : "run.unmark_test", runIds.join(","), { runs: runIds.length, changed: count });
  return count;
}

export interface DeletionPlan {
  readonly runs: readonly { readonly id: string; readonly name: string; readonly status: string; readonly results: number; readonly steps: number }[];
  /** Runs that cannot be deleted now (still going: cancel them first). */
  readonly active: readonly string[];
}

/** What deleting these runs would remove: each run with its results and steps (the confirmation names them). */
export async function planDeletion(db: Db, runIds: readonly string[]): Promise<DeletionPlan> {
  await existingRuns(db, runIds);
  const rows = await db.$queryRaw<{ id: string; name: string; status: string; results: number; steps: number }[]>`
    SELECT r.id, r.name, r.status::text AS status,
           (SELECT count(*) FROM "TaskResult" x WHERE x."runId" = r.id)::int AS results,
           (SELECT count(*) FROM "Step" s JOIN "TaskResult" x ON x.id = s."resultId" WHERE x."runId" = r.id)::int AS steps
      FROM "Run" r WHERE r.id = ANY (${[...runIds]}::text[]) ORDER BY r."createdAt", r.id`;
  return { runs: rows, active: rows.filter((row) => isActiveStatus(row.status)).map((row) => row.name) };
}

/**
 * Deletes runs with their results and steps, or none of them: a run still going is refused (cancel it
 * first). The runs (and their results) are locked first, so a worker writing a verdict for one of them
 * either finishes before (and its verdict goes with the run) or finds the run gone (its write fails):
 * no orphan row either way, and every tally is what a recount of the remaining results gives.
 */
export async function deleteRuns(db: PrismaClient, actor: Actor, runIds: readonly string[]): Promise<DeletionPlan> {
  const plan = await retryOnDeadlock(() => deleteRunsOnce(db, runIds));
  for (const run of plan.runs) {
    await recordAudit(db, actor, "run.delete", run.id, { name: run.name, results: run.results, steps: run.steps });
  }
  return plan;
}

/** Attempts of a transaction that PostgreSQL broke off to end a deadlock (Prisma's P2034). */
const DEADLOCK_ATTEMPTS = 3;

/**
 * A verdict write locks its result, then (by trigger) its run; a delete must lock both too. Locking the
 * results first keeps the usual order, but a result created and then rewritten during the delete can
 * still close a cycle, which PostgreSQL breaks by failing one side: that side is retried (nothing of the
 * failed attempt was kept).
 */
async function retryOnDeadlock<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= DEADLOCK_ATTEMPTS || (error as { code?: unknown }).code !== "P2034") throw error;
    }
  }
}

async function deleteRunsOnce(db: PrismaClient, runIds: readonly string[]): Promise<DeletionPlan> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "TaskResult" WHERE "runId" = ANY (${[...runIds]}::text[]) ORDER BY id FOR UPDATE`;
    const locked = await tx.$queryRaw<{ id: string; name: string; status: string }[]>`
      SELECT id, name, status::text AS status FROM "Run" WHERE id = ANY (${[...runIds]}::text[]) ORDER BY id FOR UPDATE`;
    const missing = runIds.filter((id) => !locked.some((run) => run.id === id));
    if (missing.length) throw new RunManageError("not_found", `No run ${missing.join(", ")}`);
    const active = locked.filter((run) => isActiveStatus(run.status));
    if (active.length) {
      throw new RunManageError("active", `${active.map((run) => `"${run.name}" is ${run.status}`).join("; ")}: cancel it first, then delete`);
    }
    const counted = await planDeletion(tx, runIds);
    // An imported run's files are remembered, so no later import brings the run back unasked.
    await rememberDeletedImports(tx, runIds);
    await tx.run.deleteMany({ where: { id: { in: [...runIds] } } });
    return counted;
  }, { timeout: 120_000 });
}
