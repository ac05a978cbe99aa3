// Inspect logs for the import tests, written by Studio's test code following Inspect's writer (not by
// the real writer; the real one's logs are read from ../shared/reference/inspect_ai/logs): a sample per
// task whose tool events carry the given calls, condensed as inspect_ai/log/_condense.py condense_sample
// does (every event string over 100 characters moved into the sample's `attachments`, keyed by a hash,
// and replaced by `attachment://<hash>`; Inspect's hash is mmh3, any key reads the same), and written
// as a `.eval` zip (inspect_ai/log/_recorders/eval.py: `_journal/start.json`, `samples/<id>_epoch_<n>.json`,
// `summaries.json`, `header.json`; deflated here, zstd in Inspect's default) or as JSON.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import zlib from "node:zlib";

export interface FixtureSample {
  readonly id: string;
  readonly epoch?: number;
  readonly input: string;
  /** Each call's tool (dotted) and its arguments. */
  readonly calls: readonly { readonly tool: string; readonly arguments: Record<string, unknown> }[];
  readonly completion?: string;
  /** Extra fields of each model event (e.g. `output.usage`). */
  readonly modelEvent?: Record<string, unknown>;
}

export interface FixtureLog {
  readonly evalId: string;
  readonly samples: readonly FixtureSample[];
  readonly epochs?: number;
}

function evalSpec(log: FixtureLog) {
  return {
    eval_id: log.evalId, run_id: `${log.evalId}-run`, created: "2026-11-28T20:00:00+00:00", task: "workbench", task_id: "workbench-v1",
    task_version: 0, task_args: { ground_truth: "v1", protocol: "2024", tool_set: "all" }, task_args_passed: {},
    dataset: { name: "workbench", samples: log.samples.length }, model: "openai/gpt-4o", model_generate_config: {}, model_args: {},
    config: { epochs: log.epochs ?? 1 }, packages: { inspect_ai: "0.3.260" },
  };
}

/** A sample as Inspect holds it in memory (before condensing): a model event and a tool event per call. */
function fullSample(sample: FixtureSample) {
  const events: Record<string, unknown>[] = [];
  sample.calls.forEach((call, index) => {
    const id = `call_${index}`;
    const toolCall = { id, function: call.tool.replace(".", "_"), arguments: call.arguments, type: "function" };
    events.push({
      event: "model", model: "openai/gpt-4o", input: [], tools: [], tool_choice: "auto", config: {},
      output: { model: "gpt-4o", choices: [{ message: { role: "assistant", content: `Calling ${call.tool}.`, tool_calls: [toolCall] }, stop_reason: "tool_calls" }], completion: `Calling ${call.tool}.` },
      ...sample.modelEvent,
    });
    events.push({ event: "tool", type: "function", id, function: toolCall.function, arguments: call.arguments, result: "done", events: [] });
  });
  const completion = sample.completion ?? "Done.";
  return {
    id: sample.id, epoch: sample.epoch ?? 1, input: sample.input, target: [], messages: [{ role: "user", content: sample.input }],
    output: { model: "gpt-4o", choices: [], completion }, scores: {}, metadata: {}, store: {}, events, model_usage: {}, attachments: {} as Record<string, string>,
  };
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** condense_sample's events rule: each string over 100 characters in an event becomes an attachment. */
export function condenseSample(sample: ReturnType<typeof fullSample>) {
  const attachments: Record<string, string> = { ...sample.attachments };
  const walk = (value: unknown): unknown => {
    if (typeof value === "string" && value.length > 100) {
      const hash = hashOf(value);
      attachments[hash] = value;
      return `attachment://${hash}`;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return { ...sample, events: walk(sample.events) as Record<string, unknown>[], attachments };
}

export type InspectSampleJson = ReturnType<typeof condenseSample>;

/** The log's samples, condensed (as the `.eval` writer and `inspect log convert --to json` keep them) or not. */
export function fixtureSamples(log: FixtureLog, condensed: boolean): InspectSampleJson[] {
  return log.samples.map((sample) => (condensed ? condenseSample(fullSample(sample)) : fullSample(sample)));
}

/** The log as JSON (Inspect's EvalLog: header fields, then samples). */
export async function writeJsonLog(file: string, log: FixtureLog, samples: readonly unknown[]): Promise<void> {
  const body = { version: 2, status: "success", eval: evalSpec(log), plan: { name: "plan", steps: [] }, results: null, stats: {}, samples };
  await fs.writeFile(file, JSON.stringify(body, null, 2));
}

// ---- a minimal zip writer (local headers, central directory, end record; no zip64) ----

const crc32 = (zlib as unknown as { crc32: (data: Buffer) => number }).crc32;

export interface ZipEntry {
  readonly name: string;
  readonly data: Buffer;
  /** 0 stored, 8 deflate (others are written stored, for refusal tests). */
  readonly method?: number;
  /** The size the headers state (default: the data's). */
  readonly statedSize?: number;
}

/** Writes the entries one at a time as they come (a large archive is never held whole); the central directory last. */
export async function writeZip(file: string, entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Promise<void> {
  const handle = await fs.open(file, "w");
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  try {
    for await (const entry of entries) {
      const name = Buffer.from(entry.name, "utf8");
      const method = entry.method ?? 8;
      const stored = method === 8 ? zlib.deflateRawSync(entry.data) : entry.data;
      const statedSize = entry.statedSize ?? entry.data.length;
      const crc = crc32(entry.data) >>> 0;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(method, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(stored.length, 18);
      local.writeUInt32LE(statedSize, 22);
      local.writeUInt16LE(name.length, 26);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(method, 10);
      header.writeUInt32LE(crc, 16);
      header.writeUInt32LE(stored.length, 20);
      header.writeUInt32LE(statedSize, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(offset, 42);
      await handle.write(Buffer.concat([local, name, stored]));
      central.push(header, name);
      offset += local.length + name.length + stored.length;
      count += 1;
    }
    const centralSize = central.reduce((sum, part) => sum + part.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(centralSize, 12);
    end.writeUInt32LE(offset, 16);
    await handle.write(Buffer.concat([...central, end]));
  } finally {
    await handle.close();
  }
}

/** The log as a `.eval` archive, its samples condensed. */
export async function writeEvalLog(
  file: string,
  log: FixtureLog,
  samples: Iterable<InspectSampleJson> | AsyncIterable<InspectSampleJson> = fixtureSamples(log, true),
): Promise<void> {
  const spec = evalSpec(log);
  const json = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8");
  await writeZip(file, (async function* () {
    yield { name: "_journal/start.json", data: json({ version: 2, eval: spec, plan: { name: "plan", steps: [] } }) };
    const summaries: { id: string; epoch: number }[] = [];
    for await (const sample of samples) {
      summaries.push({ id: sample.id, epoch: sample.epoch });
      yield { name: `samples/${sample.id}_epoch_${sample.epoch}.json`, data: json(sample) };
    }
    yield { name: "summaries.json", data: json(summaries) };
    yield { name: "header.json", data: json({ version: 2, status: "success", eval: spec, plan: { name: "plan", steps: [] }, results: null, stats: {} }) };
  })());
}
