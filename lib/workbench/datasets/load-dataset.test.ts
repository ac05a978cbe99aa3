// Loader errors name the file and line. The happy path runs on the official data (fails without it).
import { mkdtemp, mkdir, writeFile, cp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadDataset, resolveDataRoot, DatasetError } from "./index";
import { loadRecordedResultsFile } from "../results";
import { testDataDir } from "../test-support/data-dir";

const dataDir = testDataDir();

describe("official data", () => {
  test.each([["v1", 122], ["v2026", 117]] as const)("%s has 690 tasks, %i without actions, and its sandbox", async (version, noAction) => {
    const dataset = await loadDataset(dataDir, version);
    expect(dataset.tasks).toHaveLength(690);
    expect(dataset.tasks.filter((t) => t.groundTruth.length === 0)).toHaveLength(noAction);
    expect(dataset.tasks[0]?.key).toBe("analytics/000");
    expect(dataset.sandbox.tables.email.rows).toHaveLength(500);
    expect(dataset.sandbox.tables.crm.rows[0]?.values.customer_phone).toBeNull();
    expect(dataset.sandbox.directory).toHaveLength(20);
  });

  test.each([[""], ["v1"], ["v1/data/processed"]])("the data root is found from %j", (suffix) => {
    expect(resolveDataRoot(path.join(dataDir, suffix))).toBe(path.resolve(dataDir));
  });
});

async function copyWithTaskFile(content: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "wb-data-"));
  await cp(path.join(dataDir, "v1", "data", "processed"), path.join(root, "v1", "data", "processed"), { recursive: true });
  await cp(path.join(dataDir, "v1", "data", "raw"), path.join(root, "v1", "data", "raw"), { recursive: true });
  await writeFile(path.join(root, "v1", "data", "processed", "queries_and_answers", "email_queries_and_answers.csv"), content);
  return root;
}

describe("malformed task files", () => {
  test.each([
    ["missing column", '"query","answer","base_template","chosen_template"\n"q","[]","b","c"\n', /email_queries_and_answers\.csv:1: missing column "domains"/],
    ["bad answer list", '"query","answer","base_template","chosen_template","domains"\n"q","[]","b","c","[\'email\']"\n"q2","[\'a(","b","c","[\'email\']"\n', /email_queries_and_answers\.csv:3: column "answer"/],
    ["bad CSV quoting", '"query","answer","base_template","chosen_template","domains"\n"q,"[]","b","c","[]"\n', /email_queries_and_answers\.csv(:\d+)?: /],
  ])("%s", async (_name, content, message) => {
    const root = await copyWithTaskFile(content);
    const error = await loadDataset(root, "v1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as Error).message).toMatch(message);
  });

  test("a missing directory is a bad layout", async () => {
    expect(() => resolveDataRoot(path.join(os.tmpdir(), "does-not-exist-wb"))).toThrow(DatasetError);
  });
});

describe("recorded results files", () => {
  test("rows keep their line, calls and parsed steps; unreadable full_response gives steps null", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "wb-res-")), "email");
    await mkdir(dir);
    const file = path.join(dir, "gpt-4_all_2024-03-21_15-21-12.csv");
    await writeFile(
      file,
      '"query","function_calls","full_response","error"\n' +
        '"q1","[\'email.delete_email.func(email_id=""1"")\']","{\'output\': \'done\', \'intermediate_steps\': [(AgentAction(tool=\'email.delete_email\', tool_input={\'email_id\': \'1\'}, log=\'L\'), \'ok\')]}",""\n' +
        '"q2","[]","not a repr","Context window exceeded"\n',
    );
    const rows = await loadRecordedResultsFile(file, "email");
    expect(rows.map((r) => [r.model, r.toolSet, r.line, r.calls.length, r.error])).toEqual([
      ["gpt-4", "all", 2, 1, ""],
      ["gpt-4", "all", 3, 0, "Context window exceeded"],
    ]);
    expect(rows[0]?.steps).toEqual([{ tool: "email.delete_email", toolInput: { email_id: "1" }, log: "L", observation: "ok" }]);
    expect(rows[0]?.finalOutput).toBe("done");
    expect(rows[1]?.steps).toBeNull();
  });

  test("an unparseable function_calls cell names the file and line", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "wb-res-")), "email");
    await mkdir(dir);
    const file = path.join(dir, "claude-2_domains_2024-03-20_15-36-46.csv");
    await writeFile(file, '"query","function_calls","full_response","error"\n"q","[\'a\', ","",""\n');
    await expect(loadRecordedResultsFile(file, "email")).rejects.toThrow(/claude-2_domains_2024-03-20_15-36-46\.csv:2: function_calls/);
  });
});
