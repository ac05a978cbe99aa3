// Dataset import against a real PostgreSQL (DATABASE_URL from scripts/with-db.ts): every bad file is
// refused with file:line and changes nothing; different files add a revision and leave every existing
// task, run and result byte-identical.
import { createHash } from "node:crypto";
import { appendFileSync, cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadDataset } from "@/lib/workbench/datasets";
import { importDataset } from "./import-dataset";
import { loadDatasetFromDb } from "./load-from-db";

const shared = path.resolve(process.cwd(), "..", "shared", "workbench");
let prisma: PrismaClient;
const temps: string[] = [];

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run through scripts/with-db.ts");
  if (!existsSync(shared)) throw new Error(`official data missing at ${shared}`);
  prisma = createPrismaClient(url);
  await importDataset(prisma, { dataDir: shared, versions: ["v1", "v2026"] });
  await seedRunWithResults();
});

afterAll(async () => {
  // Leave the official data current for the other suites.
  await importDataset(prisma, { dataDir: shared, versions: ["v1", "v2026"] });
  await prisma.$disconnect();
  await Promise.all(temps.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** A scored run on the first 20 analytics tasks of v1 (the tasks the header-only file dropped). */
async function seedRunWithResults() {
  const version = await prisma.groundTruthVersion.findFirstOrThrow({ where: { name: "v1" } });
  const tasks = await prisma.task.findMany({ where: { versionId: version.id, domain: "analytics" }, orderBy: { position: "asc" }, take: 20 });
  await prisma.run.create({
    data: {
      name: "import test run", datasetId: version.datasetId, versionId: version.id, groundTruth: "v1", source: "imported",
      agent: "recorded", toolSet: "all", params: {}, status: "completed", tasksTotal: tasks.length, tasksDone: tasks.length,
      correctCount: tasks.length,
      results: {
        create: tasks.map((task) => ({
          taskId: task.id, status: "done" as const, calls: task.groundTruth, correct: true, sideEffects: false, exactMatch: true,
          steps: { create: [{ index: 0, kind: "final", text: "done" }] },
        })),
      },
    },
  });
}

/** A private copy of the official files, edited by `edit(root)`. */
async function editedCopy(edit: (root: string) => void): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-data-"));
  temps.push(root);
  cpSync(shared, root, { recursive: true });
  edit(root);
  return root;
}

function replaceInFile(file: string, from: string, to: string) {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${from} not in ${file}`);
  writeFileSync(file, text.replace(from, to));
}

/** Replaces the bytes of line `line` (1-based) of a file. */
function replaceLine(file: string, line: number, bytes: (original: Buffer) => Buffer) {
  const lines: Buffer[] = readFileSync(file).toString("latin1").split("\n").map((text) => Buffer.from(text, "latin1"));
  lines[line - 1] = bytes(lines[line - 1] as Buffer);
  writeFileSync(file, Buffer.concat(lines.flatMap((text, index) => (index ? [Buffer.from("\n"), text] : [text]))));
}

/** Everything the import and the runs wrote, as one digest, to prove "unchanged". */
async function snapshot(): Promise<string> {
  const [versions, tasks, rows, runs, results, steps] = await Promise.all([
    prisma.groundTruthVersion.findMany({ orderBy: { id: "asc" } }),
    prisma.task.findMany({ orderBy: { id: "asc" } }),
    prisma.sandboxRow.findMany({ orderBy: { id: "asc" } }),
    prisma.run.findMany({ orderBy: { id: "asc" } }),
    prisma.taskResult.findMany({ orderBy: { id: "asc" } }),
    prisma.step.findMany({ orderBy: { id: "asc" } }),
  ]);
  return createHash("sha256").update(JSON.stringify({ versions, tasks, rows, runs, results, steps })).digest("hex");
}

type Rows = Record<string, { id: string }[]>;

/** Every row of the tables an import or a run writes (the superseded version's name and date excluded). */
async function allRows(): Promise<Rows> {
  const [versions, tasks, sandboxRows, runs, results, steps] = await Promise.all([
    prisma.groundTruthVersion.findMany({ orderBy: { id: "asc" }, omit: { name: true, supersededAt: true } }),
    prisma.task.findMany({ orderBy: { id: "asc" } }),
    prisma.sandboxRow.findMany({ orderBy: { id: "asc" } }),
    prisma.run.findMany({ orderBy: { id: "asc" } }),
    prisma.taskResult.findMany({ orderBy: { id: "asc" } }),
    prisma.step.findMany({ orderBy: { id: "asc" } }),
  ]);
  return { versions, tasks, sandboxRows, runs, results, steps };
}

/** Digest of the rows of `now` that existed in `before` (a new revision only adds rows). */
function digestOfExisting(before: Rows, now: Rows): string {
  const kept = Object.fromEntries(
    Object.entries(before).map(([table, rows]) => {
      const ids = new Set(rows.map((row) => row.id));
      return [table, (now[table] ?? []).filter((row) => ids.has(row.id))];
    }),
  );
  return createHash("sha256").update(JSON.stringify(kept)).digest("hex");
}

const tasksDir = (root: string) => path.join(root, "v1", "data", "processed", "queries_and_answers");
const tasksFile = (root: string, domain: string) => path.join(tasksDir(root), `${domain}_queries_and_answers.csv`);
const header = (file: string) => `${readFileSync(file, "utf8").split("\n")[0]}\n`;

describe("importDataset", () => {
  test.each(["v1", "v2026"] as const)("%s read back from the database equals the files", async (version) => {
    expect(await loadDatasetFromDb(prisma, version)).toEqual(await loadDataset(shared, version));
  });

  test("re-importing the same files is a no-op", async () => {
    const before = await snapshot();
    const outcomes = await importDataset(prisma, { dataDir: shared, versions: ["v1", "v2026"] });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["unchanged", "unchanged"]);
    expect(await snapshot()).toBe(before);
  });

  test("a failure after a version was written rolls the whole import back", async () => {
    const root = await editedCopy((dir) => {
      replaceInFile(tasksFile(dir, "email"), "Reply to", "Please reply to");
      replaceInFile(path.join(dir, "v2026", "sandbox", "customer_relationship_manager_data.csv"), "Lead", "Lead ");
    });
    const before = await snapshot();
    const failOnSecondVersion = (line: string) => {
      if (line.startsWith("v2026: checking")) throw new Error("simulated failure");
    };
    await expect(importDataset(prisma, { dataDir: root, versions: ["v1", "v2026"], onProgress: failOnSecondVersion })).rejects.toThrow("simulated failure");
    expect(await snapshot()).toBe(before);
  });
});

describe("bad files are refused with file:line and change nothing", () => {
  const cases: [string, (root: string) => void, RegExp][] = [
    ["a task file with only its header", (root) => writeFileSync(tasksFile(root, "analytics"), header(tasksFile(root, "analytics"))), /analytics_queries_and_answers\.csv:1: header only/],
    [
      "a sandbox file with only its header",
      (root) => {
        const file = path.join(root, "v1", "data", "processed", "emails.csv");
        writeFileSync(file, header(file));
      },
      /emails\.csv:1: header only/,
    ],
    [
      "a duplicate task row",
      (root) => {
        const file = tasksFile(root, "email");
        appendFileSync(file, `${readFileSync(file, "utf8").split("\n")[5]}\n`);
      },
      /email_queries_and_answers\.csv:92: duplicate task \(same query as line 6\)/,
    ],
    ["an unknown domain in a task's domains", (root) => replaceInFile(tasksFile(root, "email"), `"['email']"`, `"['emial']"`), /email_queries_and_answers\.csv:\d+: column "domains": unknown domain "emial"/],
    ["a task file of an unknown domain", (root) => cpSync(tasksFile(root, "email"), tasksFile(root, "payroll")), /payroll_queries_and_answers\.csv: unknown domain "payroll"/],
    ["invalid UTF-8", (root) => replaceLine(tasksFile(root, "calendar"), 7, (line) => Buffer.concat([line.subarray(0, 10), Buffer.from([0xc3, 0x28]), line.subarray(10)])), /calendar_queries_and_answers\.csv:7: invalid UTF-8/],
    ["a NUL byte", (root) => replaceLine(tasksFile(root, "calendar"), 9, (line) => Buffer.concat([line.subarray(0, 10), Buffer.from([0]), line.subarray(10)])), /calendar_queries_and_answers\.csv:9: NUL byte/],
  ];

  test.each(cases)("%s", async (_name, edit, message) => {
    const root = await editedCopy(edit);
    const before = await snapshot();
    const error = await importDataset(prisma, { dataDir: root, versions: ["v1"] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toMatch(/prisma|invocation/i);
    expect(await snapshot()).toBe(before);
  });

  test("a corrupted CSV fails naming the file and line", async () => {
    const root = await editedCopy((dir) => replaceLine(path.join(dir, "v1", "data", "processed", "calendar_events.csv"), 5, (line) => Buffer.concat([line, Buffer.from(',"unterminated')])));
    const before = await snapshot();
    const error = await importDataset(prisma, { dataDir: root, versions: ["v1"] }).catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/calendar_events\.csv:\d+/);
    expect(await snapshot()).toBe(before);
  });
});

describe("different files add a revision", () => {
  test("existing tasks, runs and results stay byte-identical, the name points at the new files, and the old files come back", async () => {
    const old = await prisma.groundTruthVersion.findFirstOrThrow({ where: { name: "v1" } });
    const v1Family = { name: { startsWith: "v1" } };
    const [revisionsBefore, latestBefore] = await Promise.all([
      prisma.groundTruthVersion.count({ where: v1Family }),
      prisma.groundTruthVersion.aggregate({ where: v1Family, _max: { revision: true } }),
    ]);
    const before = await allRows();
    const digestBefore = digestOfExisting(before, before);
    const root = await editedCopy((dir) => replaceInFile(tasksFile(dir, "email"), "Reply to", "Please reply to"));

    expect((await importDataset(prisma, { dataDir: root, versions: ["v1"] }))[0]?.status).toBe("revised");
    const after = await allRows();
    expect(digestOfExisting(before, after)).toBe(digestBefore);
    expect(after.results).toHaveLength(before.results!.length);
    expect(after.tasks).toHaveLength(before.tasks!.length + 690);
    const [current, superseded] = await Promise.all([
      prisma.groundTruthVersion.findFirstOrThrow({ where: { name: "v1" } }),
      prisma.groundTruthVersion.findUniqueOrThrow({ where: { id: old.id } }),
    ]);
    expect(current.id).not.toBe(old.id);
    expect(current.revision).toBe((latestBefore._max.revision ?? 0) + 1);
    expect(superseded).toMatchObject({ name: `v1@r${old.revision}`, supersededAt: expect.any(Date) });
    expect(await loadDatasetFromDb(prisma, "v1")).toEqual(await loadDataset(root, "v1"));
    expect(await loadDatasetFromDb(prisma, "v1", old.contentHash)).toEqual(await loadDataset(shared, "v1"));

    // Re-importing the official files makes the original revision current again (no third copy).
    expect((await importDataset(prisma, { dataDir: shared, versions: ["v1"] }))[0]?.status).toBe("restored");
    expect((await prisma.groundTruthVersion.findFirstOrThrow({ where: { name: "v1" } })).id).toBe(old.id);
    expect(await prisma.groundTruthVersion.count({ where: v1Family })).toBe(revisionsBefore + 1);
  });
});
