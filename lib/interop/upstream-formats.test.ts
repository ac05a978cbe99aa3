// The upstream results formats' writers: which runs each holds, and what the 2026 meta records of the
// run's ground truth and protocol (what upstream's metrics.py and Studio's importer read back).
import { gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { makeRun } from "@/lib/test-support/export-run";
import { workbench2024Files } from "./workbench-2024";
import { workbench2026Files } from "./workbench-2026";

const metaOf = (files: ReturnType<typeof workbench2026Files>, domain: string) =>
  JSON.parse(String(files.find((file) => file.path.startsWith(`${domain}/`) && file.path.endsWith("_meta.json"))?.content));

describe("workbench-2026 files", () => {
  test("a protocol-2024 run on v1 names upstream's v1 snapshot and records its own protocol and revision", () => {
    const files = workbench2026Files(makeRun());
    expect(files.map((file) => file.path.replace(/_\d{4}-.*?(_meta\.json|_traces\.json|\.csv\.gz)$/, "$1")).sort()).toEqual([
      "calendar/gpt-x_all.csv.gz", "calendar/gpt-x_all_meta.json", "calendar/gpt-x_all_traces.json",
      "email/gpt-x_all.csv.gz", "email/gpt-x_all_meta.json", "email/gpt-x_all_traces.json",
    ]);
    expect(metaOf(files, "email")).toMatchObject({ ground_truth_version: "v1", studio_protocol: "2024", studio_scoring_revision: "2024", num_tasks: 1 });
    const csv = gunzipSync(files.find((file) => file.path.startsWith("email/") && file.path.endsWith(".csv.gz"))!.content as Buffer).toString("utf8");
    expect(csv.split("\n")[0]).toBe('"task","function_calls","full_response","error"');
  });

  test("a protocol-2026 run on v2026 names the snapshot each domain's tasks were read from (email is two days older)", () => {
    const files = workbench2026Files(makeRun({ protocol: "2026", scoringRevision: "2026-07", groundTruth: "v2026", agent: "workbench-2026" }));
    expect(metaOf(files, "email")).toMatchObject({ ground_truth_version: "v2026-05-17", studio_protocol: "2026", studio_scoring_revision: "2026-07" });
    expect(metaOf(files, "calendar")).toMatchObject({ ground_truth_version: "v2026-05-19" });
  });
});

describe("which runs the upstream formats hold", () => {
  test("a run on a generated workplace is refused by both, pointing at the Inspect format", () => {
    const generated = makeRun({ datasetSlug: "acme-2026", datasetName: "Acme (generated)" });
    expect(() => workbench2024Files(generated)).toThrow("Run run1 is on Acme (generated): the upstream results formats hold runs of the official WorkBench tasks (use --format inspect)");
    expect(() => workbench2026Files(generated)).toThrow("use --format inspect");
  });

  test("the paper's CSV holds protocol-2024 runs only (its importer has no meta to say otherwise)", () => {
    expect(() => workbench2024Files(makeRun({ protocol: "2026", groundTruth: "v2026" }))).toThrow("use --format workbench-2026");
    expect(workbench2024Files(makeRun()).map((file) => file.path.replace(/_\d{4}-.*$/, ""))).toEqual(["calendar/gpt-x_all", "email/gpt-x_all"]);
  });
});
