// Reading Inspect logs as stored: a `.eval` written by the real Inspect writer (deflated; a copy from
// inspect_ai's own tests, fixtures/README.md) and one zstd-compressed (../shared reference, read at test
// time) with their attachment references resolved; archives and JSON that are not what they claim get
// one line naming the file and entry, never a partial read.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getProtocol } from "@/lib/workbench/protocols";
import { DATA_DIR } from "@/lib/test-support/db";
import { writeZip } from "@/lib/test-support/inspect-eval-fixture";
import { readInspectLog, type InspectLogItem } from "./read-log";
import { InspectSampleSchema, readInspectSample } from "./read-samples";

const REAL_WRITER = path.join(import.meta.dirname, "fixtures/inspect-writer-attachments.eval");
const NOT_WORKBENCH = path.join(DATA_DIR, "../reference/inspect_ai/logs/not-workbench.eval");
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-read-log-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function readAll(file: string): Promise<InspectLogItem[]> {
  const items: InspectLogItem[] = [];
  for await (const item of readInspectLog(file)) items.push(item);
  return items;
}

const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap(strings) : typeof value === "object" && value !== null ? Object.values(value).flatMap(strings) : [];

describe("readInspectLog on the real writer's .eval", () => {
  test("deflated: its eval spec, then its sample with every attachment reference resolved", async () => {
    const items = await readAll(REAL_WRITER);
    expect(items.map((item) => item.kind)).toEqual(["eval", "sample"]);
    expect(items[0]!.value).toMatchObject({ eval_id: "gsM63GyMBKgA3p4sHAMAfG", task: "inspect_test_utils/guess_number" });
    const sample = items[1]!.value as Record<string, unknown>;
    expect(sample).toMatchObject({ id: "0", epoch: 1 });
    expect(strings(sample).filter((text) => text.startsWith("attachment://"))).toEqual([]);
    // The python tool's description, which the writer moved into the attachments (as Python's zipfile reads it).
    const model = (sample.events as { event: string; tools?: { name: string; description: string }[] }[]).find((event) => event.event === "model")!;
    expect(model.tools!.find((tool) => tool.name === "python")!.description).toMatch(/^Use the python function to execute Python code\.\n\nThe Python tool/);
    // Not WorkBench's tools: the import refuses it, naming the sample.
    expect(() => readInspectSample(InspectSampleSchema.parse(sample), getProtocol("2024"))).toThrow('sample 0 (epoch 1): tool "bash" is not a WorkBench tool');
  });

  test("zstd (Inspect's default): read, references resolved", async () => {
    const items = await readAll(NOT_WORKBENCH);
    expect(items[0]!.kind).toBe("eval");
    const samples = items.filter((item) => item.kind === "sample");
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) expect(strings(sample.value).filter((text) => text.startsWith("attachment://"))).toEqual([]);
  });
});

describe("refusals", () => {
  const header = Buffer.from(JSON.stringify({ version: 2, eval: { task: "workbench", model: "m/x" } }));

  test("an entry that inflates past the size its archive states (a zip bomb) is refused, naming the entry", async () => {
    const file = path.join(dir, "bomb.eval");
    await writeZip(file, [{ name: "header.json", data: header }, { name: "samples/1_epoch_1.json", data: Buffer.alloc(1_000_000, 0x20), statedSize: 100 }]);
    await expect(readAll(file)).rejects.toThrow(`${file}: samples/1_epoch_1.json holds more than the 100 bytes its archive states`);
  });

  test("a compression method Inspect does not write is refused", async () => {
    const file = path.join(dir, "bzip.eval");
    await writeZip(file, [{ name: "header.json", data: header, method: 12 }]);
    await expect(readAll(file)).rejects.toThrow("header.json uses zip compression method 12, not one Inspect writes");
  });

  test("an archive without header or journal, a truncated JSON log and a missing file: one line each", async () => {
    const noHeader = path.join(dir, "no-header.eval");
    await writeZip(noHeader, [{ name: "samples/1_epoch_1.json", data: Buffer.from("{}") }]);
    await expect(readAll(noHeader)).rejects.toThrow("not an Inspect .eval log (no header.json or _journal/start.json)");
    const truncated = path.join(dir, "truncated.json");
    await fs.writeFile(truncated, '{"eval": {"task": "workbench", "model": "m/x"}, "samples": [{"id": 1, "epoch": 1');
    await expect(readAll(truncated)).rejects.toThrow(/truncated\.json: not a JSON file \(/);
    await expect(readAll(path.join(dir, "nothing.eval"))).rejects.toThrow("nothing.eval: file not found");
  });

  test("a JSON log's samples one at a time, its eval spec first", async () => {
    const file = path.join(dir, "small.json");
    await fs.writeFile(file, JSON.stringify({ version: 2, eval: { task: "t" }, plan: {}, samples: [{ id: 1, attachments: { h: "long text" }, x: "attachment://h" }, { id: 2 }], reductions: [] }));
    const items = await readAll(file);
    expect(items).toEqual([
      { kind: "eval", value: { task: "t" } },
      { kind: "sample", value: { id: 1, x: "long text" } },
      { kind: "sample", value: { id: 2 } },
    ]);
  });
});
