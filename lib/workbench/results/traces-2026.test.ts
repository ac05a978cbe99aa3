// The streamed 2026 traces reader against JSON.parse of the same bytes (the independent reading), on
// upstream's fixture and on files large enough to cross many read chunks; malformed files fail naming
// file:line; memory stays bounded while a large file is read; rows find their entries in or out of order.
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { streamTraces2026, TraceLookup, type TraceEntry2026 } from "./traces-2026";

const FIXTURE = path.resolve(import.meta.dirname, "../../runs/import/fixtures/results-2026/email/gpt-5.4-mini_all_2026-06-03_17-59-59_traces.json");

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "traces-2026-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function collect(file: string): Promise<TraceEntry2026[]> {
  const entries: TraceEntry2026[] = [];
  for await (const entry of streamTraces2026(file)) entries.push(entry);
  return entries;
}

/** Lines (1-based) where json.dump(indent=2) starts each top-level entry: a line that is exactly "  {". */
function entryLines(text: string): number[] {
  return text.split("\n").flatMap((line, index) => (line === "  {" ? [index + 1] : []));
}

/** Bytes of each top-level entry of an indent=2 file, from its "{" to its "}". */
function entrySizes(text: string): number[] {
  const lines = text.split("\n");
  return entryLines(text).map((line) => {
    const end = lines.findIndex((candidate, index) => index >= line && (candidate === "  }" || candidate === "  },"));
    return Buffer.byteLength(lines.slice(line - 1, end + 1).join("\n")) - "  ".length - (lines[end]!.endsWith(",") ? 1 : 0);
  });
}

/** A traces file like upstream's (indent=2; without llm_input, which the reader does not keep), its text long enough to span read chunks. */
function syntheticTraces(entries: number, textLength: number): { task: string; steps: object[] }[] {
  return Array.from({ length: entries }, (_, index) => ({
    task: `Task ${index}: "quoted", unicode é ✓, newline\nin text`,
    steps: [
      { llm_output: `thought ${index} `.repeat(Math.ceil(textLength / 12)).slice(0, textLength), action: "email.search_emails", action_input: { query: `q${index}`, n: index }, observation: "[]" },
      { llm_output: "done", action: "Final Answer", action_input: "done", observation: "" },
    ],
  }));
}

async function write(name: string, text: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  return file;
}

describe("streamTraces2026", () => {
  test("upstream's fixture: the entries JSON.parse reads, each with the line it starts on", async () => {
    const text = await fs.readFile(FIXTURE, "utf8");
    const entries = await collect(FIXTURE);
    expect(entries.map(({ task, steps }) => ({ task, steps: steps.map(({ llm_output, action, action_input, observation }) => ({ llm_output, action, action_input, observation })) }))).toEqual(
      (JSON.parse(text) as { task: string; steps: Record<string, unknown>[] }[]).map(({ task, steps }) => ({
        task,
        steps: steps.map(({ llm_output, action, action_input, observation }) => ({ llm_output, action, action_input, observation })),
      })),
    );
    expect(entries.map((entry) => entry.line)).toEqual(entryLines(text));
  });

  test("a file over many read chunks (entries of 80 KB), plain and gzipped, reads as JSON.parse does", async () => {
    const traces = syntheticTraces(60, 100_000);
    const text = JSON.stringify(traces, null, 2);
    const plain = await write("many_traces.json", text);
    const gzipped = await write("many_traces.json.gz", gzipSync(text));
    for (const file of [plain, gzipped]) {
      const entries = await collect(file);
      expect(entries.map(({ task, steps }) => ({ task, steps }))).toEqual(traces);
      expect(entries.map((entry) => entry.line)).toEqual(entryLines(text));
      expect(entries.map((entry) => entry.bytes)).toEqual(entrySizes(text));
    }
  });

  test("malformed files fail with file:line and what is wrong", async () => {
    const good = JSON.stringify(syntheticTraces(3, 10), null, 2);
    const lines = good.split("\n");
    // A bare word where a value belongs, on a known line.
    const badLine = lines.findIndex((line) => line.includes('"observation": "[]"'));
    const broken = [...lines.slice(0, badLine), lines[badLine]!.replace('"[]"', "nope"), ...lines.slice(badLine + 1)].join("\n");
    const cut = good.slice(0, good.length - 40); // at the end of its last line
    const cases: [string, string | Buffer, RegExp][] = [
      ["bad_token_traces.json", broken, new RegExp(`bad_token_traces\\.json:${badLine + 1}: not JSON: Unexpected "o"`)],
      ["cut_traces.json", cut, new RegExp(`cut_traces\\.json:${cut.split("\n").length}: not JSON: .*ended`)],
      ["shape_traces.json", JSON.stringify([{ task: "a", steps: [] }, { task: "b" }], null, 2), /shape_traces\.json:6: traces entry 1: steps: .*expected \{task, steps\}/],
      ["object_traces.json", '{"task": "a", "steps": []}', /object_traces\.json:1: not a list of \{task, steps\}/],
      ["empty_traces.json", "", /empty_traces\.json:1: empty file/],
      ["trailing_traces.json", "[]\n\n[]", /trailing_traces\.json:3: not JSON/],
      ["fake_traces.json.gz", good, /fake_traces\.json\.gz: not a gzip file/],
    ];
    for (const [name, content, expected] of cases) {
      const file = await write(name, content);
      await expect(collect(file), name).rejects.toThrow(expected);
    }
    await expect(collect(path.join(dir, "missing_traces.json"))).rejects.toMatchObject({ code: "missing_file" });
  });

  test("a 46 MB file is read with its live heap bounded (JSON.parse would hold it all)", async () => {
    const file = path.join(dir, "large_traces.json");
    const out = createWriteStream(file);
    const entries = 480;
    const step = (index: number) => ({ llm_input: "[]", llm_output: `step ${index} `.repeat(20_000).slice(0, 100_000), action: "email.search_emails", action_input: { query: `q${index}` }, observation: "[]" });
    out.write("[\n");
    for (let index = 0; index < entries; index += 1) {
      const chunk = JSON.stringify({ task: `task ${index}`, steps: [step(index)] }, null, 2).replace(/^/gm, "  ");
      out.write(`${chunk}${index < entries - 1 ? "," : ""}\n`);
    }
    out.end("]\n");
    await new Promise<void>((resolve) => out.on("finish", () => resolve()));
    expect((await fs.stat(file)).size).toBeGreaterThan(45 * 1024 * 1024);

    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let seen = 0;
    for await (const entry of streamTraces2026(file)) {
      expect(entry.task).toBe(`task ${seen}`);
      seen += 1;
      if (seen % 40 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    expect(seen).toBe(entries);
    // A few entries (100 KB each) and read chunks at most, not the file's 46 MB.
    expect(peak / 1024 / 1024).toBeLessThan(12);
  });
});

describe("TraceLookup", () => {
  test("rows in the file's order take each entry as it comes, holding none ahead", async () => {
    const traces = syntheticTraces(20, 10);
    const lookup = new TraceLookup(await write("ordered_traces.json", JSON.stringify(traces, null, 2)));
    for (const trace of traces) {
      expect((await lookup.next(trace.task))?.steps).toEqual(trace.steps);
      expect(lookup.heldAhead).toBe(0);
    }
    expect(await lookup.next("no such task")).toBeUndefined();
    await lookup.close();
  });

  test("rows in another order, a task twice and a row without an entry still find the right entries", async () => {
    const traces = [
      { task: "a", steps: [] },
      { task: "b", steps: [{ llm_output: "b1", action: "x", action_input: {}, observation: "" }] },
      { task: "a", steps: [{ llm_output: "a2", action: "y", action_input: {}, observation: "" }] },
      { task: "c", steps: [] },
    ];
    const lookup = new TraceLookup(await write("unordered_traces.json", JSON.stringify(traces)));
    expect((await lookup.next("c"))?.task).toBe("c");
    expect(lookup.heldAhead).toBe(3);
    expect((await lookup.next("a"))?.steps).toEqual([]);
    expect((await lookup.next("missing"))).toBeUndefined();
    expect((await lookup.next("a"))?.steps[0]?.llm_output).toBe("a2");
    expect((await lookup.next("b"))?.steps[0]?.llm_output).toBe("b1");
    expect(lookup.heldAhead).toBe(0);
    await lookup.close();
  });
});
