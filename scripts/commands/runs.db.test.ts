// `workbench runs …` as a user runs it: the CLI process on the test database, each subcommand's output,
// effect and exit code (0 done, 1 error, 2 delete not confirmed, 3 refused: a run still going).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

/** Runs the CLI's sources with stdin closed (no terminal: nothing confirms by itself). */
function workbench(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/workbench.ts", "runs", ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: context.databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function makeRun(status: "completed" | "running") {
  const dataset = await context.db.dataset.findFirstOrThrow({ where: { kind: "official" } });
  const tasks = await context.db.task.findMany({ where: { version: { name: "v1" } }, orderBy: { position: "asc" }, take: 4 });
  return context.db.run.create({
    data: {
      name: `cli ${randomUUID().slice(0, 8)}`, datasetId: dataset.id, groundTruth: "v1", source: "launched", agent: "noop", toolSet: "all", params: {}, status,
      // As the workers write them: a done result has its (here empty) call list.
      results: { create: tasks.map((task) => ({ taskId: task.id, status: status === "running" ? ("running" as const) : ("done" as const), correct: true, calls: [] })) },
    },
  });
}

describe("workbench runs", () => {
  test("rename, note, tag, list, archive and restore", { timeout: 240_000 }, async () => {
    const run = await makeRun("completed");
    expect(await workbench("rename", run.id, "Baseline sweep")).toMatchObject({ code: 0 });
    expect(await workbench("note", run.id, "temperature 0, first try")).toMatchObject({ code: 0 });
    const tagged = await workbench("tag", run.id, "--add", "baseline,sweep");
    expect(tagged).toMatchObject({ code: 0 });
    expect(tagged.stdout).toContain(`${run.id}: baseline, sweep`);
    expect(await context.db.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ name: "Baseline sweep", note: "temperature 0, first try", tags: ["baseline", "sweep"] });

    const listed = await workbench("list", "--tag", "sweep", "--json");
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { id: string }[]).map((row) => row.id)).toEqual([run.id]);

    expect(await workbench("archive", run.id)).toMatchObject({ code: 0 });
    expect((await context.db.run.findUniqueOrThrow({ where: { id: run.id } })).archivedAt).not.toBeNull();
    expect((await workbench("list", "--tag", "sweep")).stdout).not.toContain(run.id);
    expect((await workbench("list", "--archived", "--tag", "sweep")).stdout).toContain(run.id);
    expect(await workbench("restore", run.id)).toMatchObject({ code: 0 });
    expect((await context.db.run.findUniqueOrThrow({ where: { id: run.id } })).archivedAt).toBeNull();

    expect(await workbench("test", run.id)).toMatchObject({ code: 0 });
    expect((await context.db.run.findUniqueOrThrow({ where: { id: run.id } })).testRun).toBe(true);
    expect(await workbench("test", run.id, "--off")).toMatchObject({ code: 0 });
    expect((await context.db.run.findUniqueOrThrow({ where: { id: run.id } })).testRun).toBe(false);

    const audited = await context.db.auditEvent.findMany({ where: { target: run.id, actor: { startsWith: "cli:" } }, select: { action: true } });
    expect(audited.map((event) => event.action)).toEqual(expect.arrayContaining(["run.rename", "run.note", "run.tag", "run.archive", "run.restore"]));
  });

  test("errors exit 1: an unknown run, an invalid value", { timeout: 120_000 }, async () => {
    const missing = await workbench("rename", "no-such-run", "x");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No run no-such-run");
    const run = await makeRun("completed");
    expect((await workbench("tag", run.id)).code).toBe(1);
    expect((await workbench("rename", run.id, "   ")).code).toBe(1);
  });

  test("words, not internals: an invalid value is one plain line; control characters are refused on the way in and escaped on the way out", { timeout: 180_000 }, async () => {
    const run = await makeRun("completed");
    const empty = await workbench("rename", run.id, "   ");
    expect(empty.code).toBe(1);
    expect(empty.stderr.trim()).toBe("runs: The name: A name is needed"); // not zod's issue JSON
    for (const [command, value] of [["rename", "evil\u001b[2J\u001b]0;owned\u0007"], ["note", "bell\u0007 and \u009b31m"]] as const) {
      const refused = await workbench(command, run.id, value);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("Control characters");
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(refused.stderr).not.toMatch(/[\u001b\u0007\u009b]/);
    }
    expect((await workbench("tag", run.id, "--add", "a\u001bb")).code).toBe(1);
    expect((await workbench("note", run.id, "line one\nline two")).code).toBe(0); // a note keeps its line breaks
    expect(await context.db.run.findUniqueOrThrow({ where: { id: run.id }, select: { name: true } })).toEqual({ name: run.name });

    // A name stored before the rule (an import, an older row) is shown escaped, never obeyed.
    await context.db.run.update({ where: { id: run.id }, data: { name: "old\u001b[2Jname\u009b", tags: ["t\u0007"] } });
    const listed = await workbench("list", "--limit", "500");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${run.id}  completed        old\\x1b[2Jname\\x9b  [#t\\x07]`);
    expect(listed.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  test("delete asks first (exit 2 without --yes and a terminal), names what goes, and deletes with --yes", { timeout: 120_000 }, async () => {
    const run = await makeRun("completed");
    const unconfirmed = await workbench("delete", run.id);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stdout).toContain(`${run.name} (${run.id}, completed): 4 result(s)`);
    expect(await context.db.run.count({ where: { id: run.id } })).toBe(1);

    const deleted = await workbench("delete", run.id, "--yes");
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.stdout).toContain("deleted 1 run(s)");
    expect(await context.db.run.count({ where: { id: run.id } })).toBe(0);
    expect(await context.db.taskResult.count({ where: { runId: run.id } })).toBe(0);
    expect(await context.db.auditEvent.count({ where: { action: "run.delete", target: run.id, actor: { startsWith: "cli:" } } })).toBe(1);
  });

  test("deleting a running run is refused with exit 3, even with --yes", { timeout: 120_000 }, async () => {
    const run = await makeRun("running");
    const refused = await workbench("delete", run.id, "--yes");
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/cancel/i);
    expect(await context.db.run.count({ where: { id: run.id } })).toBe(1);
    expect(await context.db.taskResult.count({ where: { runId: run.id } })).toBe(4);
  });
});
