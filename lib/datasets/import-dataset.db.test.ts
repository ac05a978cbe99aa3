// Dataset import against a real PostgreSQL (DATABASE_URL from scripts/with-db.ts).
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
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
});

afterAll(async () => {
  // Leave the official data imported for the other suites.
  await importDataset(prisma, { dataDir: shared, versions: ["v1", "v2026"] });
  await prisma.$disconnect();
  await Promise.all(temps.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

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

/** Everything the import writes, as one digest, to prove "unchanged". */
async function snapshot(): Promise<string> {
  const [versions, tasks, rows] = await Promise.all([
    prisma.groundTruthVersion.findMany({ orderBy: { name: "asc" } }),
    prisma.task.findMany({ orderBy: [{ versionId: "asc" }, { key: "asc" }] }),
    prisma.sandboxRow.findMany({ orderBy: [{ versionId: "asc" }, { table: "asc" }, { position: "asc" }] }),
  ]);
  return createHash("sha256").update(JSON.stringify({ versions, tasks, rows })).digest("hex");
}

const emailTasks = (root: string) => path.join(root, "v1", "data", "processed", "queries_and_answers", "email_queries_and_answers.csv");

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

  test("a corrupted CSV fails naming the file and line, and leaves the database unchanged", async () => {
    const root = await editedCopy((dir) => {
      const file = path.join(dir, "v1", "data", "processed", "calendar_events.csv");
      const lines = readFileSync(file, "utf8").split("\n");
      lines[4] = `${lines[4]},"unterminated`;
      writeFileSync(file, lines.join("\n"));
    });
    const before = await snapshot();
    const error = await importDataset(prisma, { dataDir: root, versions: ["v1"] }).catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/calendar_events\.csv:\d+/);
    expect(await snapshot()).toBe(before);
  });

  test("a failure after a version was written rolls the whole import back", async () => {
    const root = await editedCopy((dir) => replaceInFile(emailTasks(dir), "Reply to", "Please reply to"));
    const before = await snapshot();
    const failOnSecondWrite = (line: string) => {
      if (line.startsWith("v2026: writing")) throw new Error("simulated failure");
    };
    const v2026Root = await editedCopy((dir) =>
      replaceInFile(path.join(dir, "v2026", "sandbox", "customer_relationship_manager_data.csv"), "Lead", "Lead "),
    );
    cpSync(path.join(v2026Root, "v2026"), path.join(root, "v2026"), { recursive: true });
    await expect(importDataset(prisma, { dataDir: root, versions: ["v1", "v2026"], onProgress: failOnSecondWrite })).rejects.toThrow("simulated failure");
    expect(await snapshot()).toBe(before);
  });

  test("changed files replace the version, keeping the ids of tasks that still exist", async () => {
    const root = await editedCopy((dir) => replaceInFile(emailTasks(dir), "Reply to", "Please reply to"));
    const version = await prisma.groundTruthVersion.findFirstOrThrow({ where: { name: "v1" } });
    const idsBefore = await prisma.task.findMany({ where: { versionId: version.id }, select: { id: true, key: true }, orderBy: { key: "asc" } });

    const outcomes = await importDataset(prisma, { dataDir: root, versions: ["v1"] });
    expect(outcomes).toEqual([{ version: "v1", status: "replaced", tasks: 690, sandboxRows: expect.any(Number) }]);
    const idsAfter = await prisma.task.findMany({ where: { versionId: version.id }, select: { id: true, key: true }, orderBy: { key: "asc" } });
    expect(idsAfter).toEqual(idsBefore);
    expect(await loadDatasetFromDb(prisma, "v1")).toEqual(await loadDataset(root, "v1"));
    const stored = await prisma.groundTruthVersion.findFirstOrThrow({ where: { name: "v1" } });
    expect(stored.contentHash).not.toBe(version.contentHash);
  });
});
