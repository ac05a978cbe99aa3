// The recorded results an official folder holds, imported with it: the paper's runs (v1/data/results)
// and upstream's published 2026 results (v2026/results) when present, once; a second import writes
// nothing. The folder here is a small copy of the official layout (links to the real tasks and sandbox,
// one paper results file, the 2026 fixture) so the test scores a few hundred rows, not 5,520.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { describeOutcome, importOfficialResults } from "./import-official-results";

const PAPER_FILE = "email/gpt-4_all_2024-03-21_15-21-12.csv";
const FIXTURE_2026 = path.resolve(import.meta.dirname, "fixtures/results-2026");

let context: RunsTestContext;
let root: string;

/** A data root: v1 and v2026 linked to the real files, with `results` chosen by the test. */
async function officialCopy(dir: string, { paper, published }: { paper: boolean; published: boolean }): Promise<string> {
  await fs.mkdir(path.join(dir, "v1", "data"), { recursive: true });
  for (const part of ["processed", "raw"]) await fs.symlink(path.join(DATA_DIR, "v1", "data", part), path.join(dir, "v1", "data", part));
  await fs.mkdir(path.join(dir, "v2026"));
  for (const part of ["tasks_and_outcomes", "sandbox", "src"]) {
    if (existsSync(path.join(DATA_DIR, "v2026", part))) await fs.symlink(path.join(DATA_DIR, "v2026", part), path.join(dir, "v2026", part));
  }
  if (paper) {
    await fs.mkdir(path.join(dir, "v1", "data", "results", "email"), { recursive: true });
    await fs.copyFile(path.join(DATA_DIR, "v1", "data", "results", PAPER_FILE), path.join(dir, "v1", "data", "results", PAPER_FILE));
  }
  if (published) await fs.symlink(FIXTURE_2026, path.join(dir, "v2026", "results"));
  return dir;
}

async function counts() {
  const [runs, results, steps] = await Promise.all([context.db.run.count(), context.db.taskResult.count(), context.db.step.count()]);
  return { runs, results, steps };
}

beforeAll(async () => {
  context = await setUpRunsTest();
  root = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-official-results-"));
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await tearDownRunsTest(context);
});

describe("importOfficialResults", () => {
  test("imports the paper's runs and the published 2026 ones the folder holds, once", async () => {
    const dir = await officialCopy(path.join(root, "both"), { paper: true, published: true });
    const before = await counts();
    const first = await importOfficialResults(context.db, dir);
    // Either run may be there already: other db test files (fetch-results-2026, paper) import the same files
    // into this database, and the suite's order is not this file's to choose.
    expect(first.map((outcome) => [outcome.kind, outcome.imported + outcome.already, outcome.error])).toEqual([
      ["paper", 1, undefined],
      ["published-2026", 1, undefined],
    ]);
    // The paper's email file for GPT-4 (all tools): one run scored against v1, one result per row.
    const rows = (await fs.readFile(path.join(DATA_DIR, "v1", "data", "results", PAPER_FILE), "utf8")).trim().split("\n").length - 1;
    const paper = await context.db.run.findFirstOrThrow({ where: { source: "imported", groundTruth: "v1", importFile: PAPER_FILE } });
    expect(paper).toMatchObject({ model: "gpt-4", toolSet: "all", protocol: "2024" });
    expect(await context.db.taskResult.count({ where: { runId: paper.id } })).toBe(rows);
    const published = await context.db.run.findFirstOrThrow({ where: { source: "imported", groundTruth: "v2026", model: "gpt-5.4-mini" } });
    expect(published.protocol).toBe("2026");
    const afterFirst = await counts();
    expect(afterFirst.runs - before.runs).toBe(first[0]!.imported + first[1]!.imported);

    // The second time (every `npm start` with WORKBENCH_DATA_DIR): nothing written.
    const second = await importOfficialResults(context.db, dir);
    expect(second.map((outcome) => [outcome.kind, outcome.imported, outcome.already])).toEqual([
      ["paper", 0, 1],
      ["published-2026", 0, 1],
    ]);
    expect(await counts()).toEqual(afterFirst);
    expect(describeOutcome(second[0]!)).toMatch(/^the paper's recorded runs: 0 imported, 1 already there \(\d+\.\d s\)$/);
  });

  test("a folder without results imports none; only the ground truths asked for are imported", async () => {
    const bare = await officialCopy(path.join(root, "bare"), { paper: false, published: false });
    expect(await importOfficialResults(context.db, bare)).toEqual([]);
    const both = await officialCopy(path.join(root, "v2026-only"), { paper: true, published: true });
    expect((await importOfficialResults(context.db, both, ["v2026"])).map((outcome) => outcome.kind)).toEqual(["published-2026"]);
  });

  test("a bad results file is reported in its outcome, not thrown (a start goes on)", async () => {
    const dir = await officialCopy(path.join(root, "bad"), { paper: false, published: false });
    await fs.mkdir(path.join(dir, "v1", "data", "results", "email"), { recursive: true });
    await fs.writeFile(path.join(dir, "v1", "data", "results", "email", "not-a-results-name.csv"), "query,function_calls,full_response,error\n");
    const before = await counts();
    const [outcome] = await importOfficialResults(context.db, dir);
    expect(outcome).toMatchObject({ kind: "paper", imported: 0, already: 0 });
    expect(outcome?.error).toContain("not-a-results-name.csv");
    expect(await counts()).toEqual(before);
  });
});
