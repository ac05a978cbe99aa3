// The run page's downloads (/runs/<id>/export?format=…): each format answers its file under its name
// (the Inspect log under the name Inspect gives its logs, validating as EvalLog; the results formats as
// a .zip that unzip reads; the OTLP JSON readable by opentelemetry-proto's schema), a run a format cannot
// hold is 422 saying why, an unknown run 404; and every export route answers an unknown format 400
// naming the known ones (it used to answer the CSV).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "@/lib/test-support/db";
import { evalLogErrors } from "@/lib/test-support/inspect-schema";
import { decodeOtlpJson, decodedSpans } from "@/lib/test-support/otlp-proto";
import { launchRun } from "@/lib/runs/launch";
import { startWorker, type WorkerHandle } from "@/lib/runs/worker";
import { RUN_DOWNLOAD_FORMATS } from "@/lib/interop/run-downloads";
import { GET } from "./route";
import { GET as leaderboardExport } from "@/app/leaderboard/export/route";

let context: RunsTestContext;
let worker: WorkerHandle;
let runId = "";

beforeAll(async () => {
  context = await setUpRunsTest();
  worker = await startWorker({ db: context.db, concurrency: 4, idlePollMs: 100, log: () => undefined });
  ({ runId } = await launchRun({ agent: "oracle", limit: 3, concurrency: 3 }, context));
  await waitForRun(context.db, runId);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await tearDownRunsTest(context);
});

const get = (id: string, format: string) => GET(new Request(`http://studio.test/runs/${id}/export?format=${encodeURIComponent(format)}`), { params: Promise.resolve({ id }) });
const fileName = (response: Response) => /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];

test("the Inspect log downloads under Inspect's name for it and validates as EvalLog; an unknown run is 404", async () => {
  const response = await get(runId, "inspect");
  expect(response.status).toBe(200);
  const log = (await response.json()) as { samples: { id: string }[]; eval: { run_id: string; created: string; task: string } };
  expect(evalLogErrors(log)).toEqual([]);
  expect(log.eval.run_id).toBe(runId);
  expect(log.samples).toHaveLength(3);
  // inspect_ai's _log_file_key: clean_filename_component of created (UTC, seconds), task and id.
  const created = `${new Date(log.eval.created).toISOString().slice(0, 19)}+00:00`.replace(/[:+]/g, "-");
  expect(fileName(response)).toBe(`${created}_${log.eval.task}_${runId}.json`);
  expect((await get("no-such-run", "inspect")).status).toBe(404);
});

test("CSV, JSON and OTLP JSON download under their names; the OTLP file reads by the official schema, one agent span per result", async () => {
  const csv = await get(runId, "csv");
  expect([csv.status, fileName(csv)]).toEqual([200, `run-${runId}.csv`]);
  expect((await csv.text()).split("\n")[0]).toContain("task,domain");
  const json = await get(runId, "json");
  expect([json.status, fileName(json)]).toEqual([200, `run-${runId}.json`]);
  expect(await json.json()).toHaveLength(3);
  const otlp = await get(runId, "otlp-json");
  expect([otlp.status, fileName(otlp)]).toEqual([200, `run-${runId}.otlp.json`]);
  const spans = decodedSpans(decodeOtlpJson(await otlp.text()));
  expect(spans.filter((span) => span.name === "invoke_agent oracle")).toHaveLength(3);
});

test("the results formats download as a .zip of their folder; the 2024 files of a protocol-2026 run are 422 with the reason", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "run-export-"));
  try {
    for (const format of ["workbench-2024", "workbench-2026"]) {
      const response = await get(runId, format);
      expect([response.status, fileName(response), response.headers.get("Content-Type")]).toEqual([200, `run-${runId}.${format}.zip`, "application/zip"]);
      const archive = path.join(dir, `${format}.zip`);
      fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
      expect(execFileSync("unzip", ["-t", archive], { encoding: "utf8" })).toContain("No errors detected");
      const names = execFileSync("unzip", ["-Z1", archive], { encoding: "utf8" }).trim().split("\n");
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => (format === "workbench-2024" ? /^\w+\/[^/]+\.csv$/ : /^\w+\/[^/]+(\.csv\.gz|_meta\.json|_traces\.json)$/).test(name))).toBe(true);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const { runId: other } = await launchRun({ agent: "oracle", limit: 1, concurrency: 1 }, context);
  await waitForRun(context.db, other);
  await context.db.run.update({ where: { id: other }, data: { protocol: "2026" } });
  const refused = await get(other, "workbench-2024");
  expect(refused.status).toBe(422);
  expect(await refused.text()).toMatch(/protocol 2026.*protocol-2024 runs/);
}, 120_000);

test("every export route answers an unknown format 400, naming the formats it knows", async () => {
  for (const format of ["otlp", "xml", "INSPECT", "csv;json"]) {
    const response = await get(runId, format);
    expect(response.status).toBe(400);
    const text = await response.text();
    for (const known of RUN_DOWNLOAD_FORMATS) expect(text).toContain(known);
  }
  const leaderboard = await leaderboardExport(new Request("http://studio.test/leaderboard/export?format=otlp"));
  expect(leaderboard.status).toBe(400);
  expect(await leaderboard.text()).toBe('Unknown format "otlp": use one of csv, json\n');
  expect((await leaderboardExport(new Request("http://studio.test/leaderboard/export?format=json"))).status).toBe(200);
});
