// Exported logs carry the name Inspect gives its own, so its listing finds them: the name is read back
// here by Inspect's rules (inspect_ai log/_file.py at 499e615: `log_file_pattern` decides what is a log,
// `_try_parse_filename` splits `{timestamp}_{task}_{id}` and keeps the id up to its first `-`), and
// `workbench export` writes it (a folder gets Inspect's name; a .json --out keeps the user's).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { makeRun } from "@/lib/test-support/export-run";
import { buildEvalLog } from "./eval-log";
import { cleanFilenameComponent, inspectLogFileName, isoSeconds } from "./log-file-name";
import { writeRunExport } from "../export-run";

/** inspect_ai/log/_file.py: is_log_file for a .json name, then _try_parse_filename. */
function inspectReads(name: string): { task: string; taskId: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}.*$/.test(name) || !name.endsWith(".json")) return null;
  const parts = name.slice(0, -".json".length).split("_");
  if (parts.length < 3) return null;
  const last = parts.length > 3 ? 3 : 2;
  return { task: parts[1] as string, taskId: (parts[last] as string).split("-")[0] as string };
}

describe("inspectLogFileName", () => {
  test("`{created}_{task}_{id}.json` with Inspect's cleaning, created as iso_now writes it (UTC, seconds, +00:00)", () => {
    expect(isoSeconds(new Date("2026-11-27T09:59:00.731Z"))).toBe("2026-11-27T09:59:00+00:00");
    expect(cleanFilenameComponent("a_b/c:d+e")).toBe("a-b-c-d-e");
    expect(inspectLogFileName({ created: "2026-11-27T09:59:00.731Z", task: "workbench", run_id: "cmi3x7k2p0000abcd" })).toBe("2026-11-27T09-59-00-00-00_workbench_cmi3x7k2p0000abcd.json");
  });

  test("Inspect's listing takes the exported log's name as a log and reads back its task and the run's id", () => {
    const run = makeRun({ id: "cmi3x7k2p0000abcd" });
    const log = buildEvalLog(run);
    const name = inspectLogFileName(log.eval);
    expect(inspectReads(name)).toEqual({ task: log.eval.task, taskId: run.id });
    expect(inspectReads(`${run.id}.json`)).toBeNull(); // the old name: not listed
  });
});

describe("workbench export --format inspect", () => {
  test("a folder (or the default, the current folder) gets the log under Inspect's name; several runs, each under its own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-names-"));
    try {
      const one = makeRun({ id: "runone1" });
      const [written] = await writeRunExport(one, "inspect", dir);
      expect(written).toBe(path.join(dir, inspectLogFileName(buildEvalLog(one).eval)));
      const two = makeRun({ id: "runtwo2", createdAt: new Date("2026-11-28T08:00:00Z") });
      const [first] = await writeRunExport(one, "inspect", path.join(dir, "many"), { several: true });
      const [second] = await writeRunExport(two, "inspect", path.join(dir, "many"), { several: true });
      expect(fs.readdirSync(path.join(dir, "many")).sort()).toEqual([path.basename(first!), path.basename(second!)].sort());
      expect(fs.readdirSync(path.join(dir, "many")).every((name) => inspectReads(name) !== null)).toBe(true);
      expect(JSON.parse(fs.readFileSync(written!, "utf8")).eval.run_id).toBe("runone1");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("--out naming a .json file keeps the user's name (which Inspect's listing then skips)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inspect-names-"));
    try {
      const out = path.join(dir, "my-run.json");
      expect(await writeRunExport(makeRun(), "inspect", out)).toEqual([out]);
      expect(inspectReads("my-run.json")).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
