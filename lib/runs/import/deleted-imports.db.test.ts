// A deletion is final: the paper's Mixtral run, imported by the start-time path (importOfficialResults,
// what `npm start` with WORKBENCH_DATA_DIR runs), deleted, stays deleted when the start-time import runs
// again, when the CLI's import runs, and when the same files are imported from another folder; it comes
// back only by the explicit restore (import-results --restore-deleted, or forgetting the deletion as
// `runs restore-deleted` does). Changed files under the same name are a new import, not the deleted one.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { describeOutcome, importOfficialResults } from "@/lib/runs/import/import-official-results";
import { deleteRuns } from "../manage";
import { importRecordedResults } from "./import-results";
import { forgetDeletedImports, listDeletedImports } from "./deleted-imports";
import { importHashOf, type SkippedImport } from "./import-once";
import { listResultFiles } from "./list-result-files";

const RESULTS_DIR = path.join(DATA_DIR, "v1/data/results");
const MIXTRAL = "mistral-8x7B · all tools (recorded) · v1";
const actor = { userId: null, label: "tester@example.com" };

let context: RunsTestContext;
let copyDir: string;
let mixtralFiles: string;
let mixtralHash: string;

beforeAll(async () => {
  context = await setUpRunsTest();
  copyDir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-deleted-"));
}, 60_000);

afterAll(async () => {
  // Leave the paper's runs as other test files expect them: every deletion forgotten, Mixtral imported.
  if (context) {
    await forgetDeletedImports(context.db);
    await importRecordedResults(context.db, { resultsPath: RESULTS_DIR, groundTruth: "v1" });
  }
  await tearDownRunsTest(context);
  if (copyDir) await fs.rm(copyDir, { recursive: true, force: true });
}, 600_000);

/** What `npm start` with the data folder does, and what it prints. */
async function startTimeImport() {
  const outcomes = await importOfficialResults(context.db, DATA_DIR, ["v1"]);
  const paper = outcomes.find((outcome) => outcome.kind === "paper")!;
  return { paper, printed: outcomes.map(describeOutcome).join("\n") };
}

// The paper's Mixtral run by its content: other test files may leave runs of the same name from other files.
const officialMixtralHash = async () => importHashOf((await listResultFiles(RESULTS_DIR)).filter((file) => path.basename(file.path).startsWith("mistral-8x7B_all_")));
const mixtralRuns = () => context.db.run.findMany({ where: { source: "imported", name: MIXTRAL, importHash: mixtralHash }, select: { id: true, importHash: true } });

describe("a deleted imported run stays deleted", () => {
  test("imported by the start-time path, deleted, then absent after another start, a CLI import and an import from another folder", async () => {
    await startTimeImport();
    const [mixtral] = await context.db.run.findMany({ where: { source: "imported", name: MIXTRAL, importHash: await officialMixtralHash() }, select: { id: true, importFile: true, importHash: true } });
    expect(mixtral, "the start-time import brings the paper's Mixtral all-tools run").toBeDefined();
    mixtralFiles = mixtral!.importFile!;
    mixtralHash = mixtral!.importHash!;
    expect(mixtral!.importHash).toMatch(/^[0-9a-f]{64}$/);

    await deleteRuns(context.db, actor, [mixtral!.id]);
    expect(await mixtralRuns()).toEqual([]);
    const remembered = await listDeletedImports(context.db);
    expect(remembered).toMatchObject([{ importFile: mixtralFiles, contentHash: mixtral!.importHash, groundTruth: "v1", protocol: "2024", runName: MIXTRAL }]);

    // A restart with the data folder: nothing imported, the deletion said once, with the way back.
    const again = await startTimeImport();
    expect(again.paper).toMatchObject({ imported: 0, deleted: [MIXTRAL] });
    expect(again.printed.split(MIXTRAL)).toHaveLength(2);
    expect(again.printed).toContain("--restore-deleted");
    expect(await mixtralRuns()).toEqual([]);

    // The CLI's import of the same folder: skipped, reported to the caller once.
    const skipped: SkippedImport[] = [];
    const runs = await importRecordedResults(context.db, { resultsPath: RESULTS_DIR, groundTruth: "v1", onSkippedDeleted: (run) => skipped.push(run) });
    expect(skipped).toEqual([{ name: MIXTRAL, importFile: mixtralFiles }]);
    expect(runs.map((run) => run.name)).not.toContain(MIXTRAL);
    expect(await mixtralRuns()).toEqual([]);

    // The same files in another folder (another machine, another path): still the deleted run.
    for (const relative of mixtralFiles.split(", ")) {
      await fs.mkdir(path.join(copyDir, path.dirname(relative)), { recursive: true });
      await fs.copyFile(path.join(RESULTS_DIR, relative), path.join(copyDir, relative));
    }
    const fromCopy: SkippedImport[] = [];
    expect(await importRecordedResults(context.db, { resultsPath: copyDir, groundTruth: "v1", onSkippedDeleted: (run) => fromCopy.push(run) })).toEqual([]);
    expect(fromCopy.map((run) => run.name)).toEqual([MIXTRAL]);
    expect(await mixtralRuns()).toEqual([]);
  }, 600_000);

  test("files changed under the same names are another import, not the deleted run", async () => {
    const [first] = mixtralFiles.split(", ");
    const changed = path.join(copyDir, first!);
    // One more blank line at the end: the same rows, other bytes.
    await fs.appendFile(changed, "\n");
    const runs = await importRecordedResults(context.db, { resultsPath: copyDir, groundTruth: "v1" });
    expect(runs).toMatchObject([{ name: MIXTRAL, created: true }]);
    // Not restored: the deletion of the original files is still remembered.
    expect((await listDeletedImports(context.db)).map((row) => row.importFile)).toEqual([mixtralFiles]);
    await deleteRuns(context.db, actor, [runs[0]!.runId]);
    const deletions = await listDeletedImports(context.db);
    const changedDeletion = deletions.find((row) => row.contentHash !== mixtralHash)!;
    expect(changedDeletion.importFile).toBe(mixtralFiles);
    await forgetDeletedImports(context.db, [changedDeletion.id]);
    expect((await listDeletedImports(context.db)).map((row) => row.contentHash)).toEqual([mixtralHash]);
  }, 600_000);

  test("import-results --restore-deleted brings it back and forgets the deletion; the next start finds it there", async () => {
    const runs = await importRecordedResults(context.db, { resultsPath: RESULTS_DIR, groundTruth: "v1", restoreDeleted: true });
    const restored = runs.find((run) => run.name === MIXTRAL);
    expect(restored).toMatchObject({ created: true, tasks: 690, correct: 108 });
    expect(await listDeletedImports(context.db)).toEqual([]);
    const next = await startTimeImport();
    expect(next.paper).toMatchObject({ imported: 0, deleted: [] });
    expect(await mixtralRuns()).toHaveLength(1);
  }, 600_000);

  test("runs restore-deleted (forgetting the deletion) lets the next start import it again", async () => {
    const [mixtral] = await mixtralRuns();
    await deleteRuns(context.db, actor, [mixtral!.id]);
    expect((await startTimeImport()).paper.deleted).toEqual([MIXTRAL]);
    const [deletion] = await listDeletedImports(context.db);
    expect(await forgetDeletedImports(context.db, [deletion!.id])).toBe(1);
    const next = await startTimeImport();
    expect(next.paper).toMatchObject({ imported: 1, deleted: [] });
    expect(await mixtralRuns()).toHaveLength(1);
  }, 600_000);
});
