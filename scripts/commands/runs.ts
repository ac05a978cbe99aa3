// `workbench runs list|rename|tag|note|archive|restore|test|delete|restore-deleted`: run management from the command
// line, through lib/runs/manage.ts (the same functions as the web's actions; each change is audited
// with the actor "cli:<os user>"). Exit codes: 0 done, 1 error (unknown run, invalid value), 2 a delete
// not confirmed (no --yes and no terminal, or declined), 3 refused (a run still going: cancel it first).
import os from "node:os";
import { createInterface } from "node:readline/promises";
import type { Command } from "commander";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { recordAudit } from "@/lib/auth/audit";
import { env } from "@/lib/env";
import { printable } from "@/lib/security/printable";

export const RUNS_EXIT = { ok: 0, error: 1, unconfirmed: 2, refused: 3 } as const;

const actor = () => ({ userId: null, label: `cli:${os.userInfo().username}` });

/** Runs `work` with the database (the embedded one when DATABASE_URL is unset), mapping refusals to exit codes. */
async function withRuns(work: (prisma: PrismaClient, manage: typeof import("@/lib/runs/manage")) => Promise<number>): Promise<void> {
  if (!env().DATABASE_URL) {
    process.exitCode = await rerunWithDatabase();
    return;
  }
  const manage = await import("@/lib/runs/manage");
  process.exitCode = await withPrisma(async (prisma) => {
    try {
      return await work(prisma, manage);
    } catch (error) {
      if (!(error instanceof manage.RunManageError)) throw error;
      console.error(`runs: ${printable(error.message)}`);
      return error.code === "active" ? RUNS_EXIT.refused : RUNS_EXIT.error;
    }
  });
}

const list = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command): void {
  const runs = program.command("runs").description("List, rename, tag, annotate, archive, restore, mark as test or delete runs");

  runs
    .command("list")
    .description("List runs, newest first (archived ones with --archived)")
    .option("--tag <tag>", "only runs with this tag")
    .option("--archived", "list the archived runs instead")
    .option("--limit <n>", "at most this many", "50")
    .option("--json", "one JSON array instead of a table")
    .action((options: { tag?: string; archived?: boolean; limit: string; json?: boolean }) =>
      withRuns(async (prisma) => {
        const rows = await prisma.run.findMany({
          where: { archivedAt: options.archived ? { not: null } : null, ...(options.tag ? { tags: { has: options.tag } } : {}) },
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
          take: Math.max(1, Number.parseInt(options.limit, 10) || 50),
          select: { id: true, name: true, status: true, tags: true, note: true, testRun: true, estimated: true, archivedAt: true, createdAt: true },
        });
        if (options.json) {
          console.log(JSON.stringify(rows, null, 2));
          return RUNS_EXIT.ok;
        }
        for (const row of rows) {
          const flags = [row.estimated ? "estimated" : null, row.testRun ? "test" : null, row.archivedAt ? "archived" : null, ...row.tags.map((tag) => `#${printable(tag)}`)].filter(Boolean).join(" ");
          // Escaped: a name imported or stored before control characters were refused must not drive the terminal.
          console.log(`${row.id}  ${row.status.padEnd(15)}  ${printable(row.name)}${flags ? `  [${flags}]` : ""}`);
        }
        if (rows.length === 0) console.log(options.archived ? "no archived runs" : "no runs");
        return RUNS_EXIT.ok;
      }),
    );

  runs
    .command("rename <id> <name>")
    .description("Rename a run")
    .action((id: string, name: string) =>
      withRuns(async (prisma, manage) => {
        await manage.renameRun(prisma, actor(), id, name);
        console.log(`renamed ${id}`);
        return RUNS_EXIT.ok;
      }),
    );

  runs
    .command("note <id> <text>")
    .description('Set a run\'s note ("" clears it)')
    .action((id: string, text: string) =>
      withRuns(async (prisma, manage) => {
        await manage.setRunNote(prisma, actor(), id, text);
        console.log(text.trim() ? `noted ${id}` : `cleared the note of ${id}`);
        return RUNS_EXIT.ok;
      }),
    );

  runs
    .command("tag <ids...>")
    .description("Add or remove tags (comma-separated or repeated)")
    .option("--add <tags>", "tags to add", list)
    .option("--remove <tags>", "tags to remove", list)
    .action((ids: string[], options: { add?: string[]; remove?: string[] }) =>
      withRuns(async (prisma, manage) => {
        if (!options.add?.length && !options.remove?.length) {
          console.error("runs tag: give --add and/or --remove");
          return RUNS_EXIT.error;
        }
        const tags = await manage.tagRuns(prisma, actor(), ids, { add: options.add, remove: options.remove });
        for (const [id, runTags] of tags) console.log(`${id}: ${runTags.length ? runTags.map(printable).join(", ") : "(no tags)"}`);
        return RUNS_EXIT.ok;
      }),
    );

  for (const [name, archived] of [["archive", true], ["restore", false]] as const) {
    runs
      .command(`${name} <ids...>`)
      .description(archived ? "Archive runs: off every board, picker and count until restored" : "Restore archived runs")
      .action((ids: string[]) =>
        withRuns(async (prisma, manage) => {
          const changed = await manage.setRunsArchived(prisma, actor(), ids, archived);
          console.log(`${archived ? "archived" : "restored"} ${changed} run(s)${changed < ids.length ? ` (${ids.length - changed} already ${archived ? "archived" : "listed"})` : ""}`);
          return RUNS_EXIT.ok;
        }),
      );
  }

  runs
    .command("test <ids...>")
    .description("Mark runs as test runs (kept off the rankings), or with --off as real runs")
    .option("--off", "unmark: the runs are real runs")
    .action((ids: string[], options: { off?: boolean }) =>
      withRuns(async (prisma, manage) => {
        const changed = await manage.setRunsTest(prisma, actor(), ids, !options.off);
        console.log(`${options.off ? "unmarked" : "marked"} ${changed} run(s) as test runs`);
        return RUNS_EXIT.ok;
      }),
    );

  runs
    .command("delete <ids...>")
    .description("Delete runs with their results and steps (asks first; --yes for scripts). A running run is refused: cancel it first")
    .option("-y, --yes", "do not ask")
    .action((ids: string[], options: { yes?: boolean }) =>
      withRuns(async (prisma, manage) => {
        const plan = await manage.planDeletion(prisma, ids);
        console.log("This deletes, with their results and steps:");
        for (const run of plan.runs) console.log(`  ${printable(run.name)} (${run.id}, ${run.status}): ${run.results} result(s), ${run.steps} step(s)`);
        if (plan.active.length) throw new manage.RunManageError("active", `${plan.active.join(", ")} still going: cancel first, then delete`);
        if (!options.yes && !(await confirmed())) {
          console.error("runs delete: not confirmed (pass --yes to delete without asking)");
          return RUNS_EXIT.unconfirmed;
        }
        const done = await manage.deleteRuns(prisma, actor(), ids);
        console.log(`deleted ${done.runs.length} run(s)`);
        return RUNS_EXIT.ok;
      }),
    );

  runs
    .command("restore-deleted [ids...]")
    .description("Forget deletions of imported runs (all, or these ids from --list), so the next import brings their files back")
    .option("--list", "only list the deleted imports")
    .action((ids: string[], options: { list?: boolean }) =>
      withRuns(async (prisma) => {
        const { forgetDeletedImports, listDeletedImports } = await import("@/lib/runs/import/deleted-imports");
        const deleted = await listDeletedImports(prisma);
        const chosen = ids.length ? deleted.filter((row) => ids.includes(row.id)) : deleted;
        const unknown = ids.filter((id) => !deleted.some((row) => row.id === id));
        if (unknown.length) {
          console.error(`runs restore-deleted: no deleted import ${unknown.join(", ")} (see runs restore-deleted --list)`);
          return RUNS_EXIT.error;
        }
        for (const row of chosen) console.log(`  ${row.id}  ${row.runName}  deleted ${row.deletedAt.toISOString()}  (${row.importFile})`);
        if (options.list) {
          if (deleted.length === 0) console.log("No deleted imports.");
          return RUNS_EXIT.ok;
        }
        const forgotten = await forgetDeletedImports(prisma, chosen.map((row) => row.id));
        await recordAudit(prisma, actor(), "run.restore_deleted", chosen.map((row) => row.id).join(","), { imports: forgotten });
        console.log(`${forgotten} deleted import(s) forgotten: the next import (a start with WORKBENCH_DATA_DIR, or import-results) brings them back`);
        return RUNS_EXIT.ok;
      }),
    );
}

/** Asks on the terminal; without one (a script, a pipe) nothing is confirmed. */
async function confirmed(): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question("Delete? Type yes: ")).trim().toLowerCase() === "yes";
  } finally {
    prompt.close();
  }
}
