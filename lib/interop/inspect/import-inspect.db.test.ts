// import-inspect as Inspect writes logs: `.eval` archives and their JSON conversion, attachment
// references resolved (an unresolvable one refuses the log naming the sample), a log recognised by its
// content whatever its name, numbers bounded, database refusals in words, and arguments kept as sent.
// Two kinds of log: the real Inspect writer's (../shared/reference/inspect_ai/logs, read at test time:
// a Studio export of a 3-trial run read and rewritten by inspect_ai, scored 43/60 by the run it came
// from), and logs written by Studio's test code following Inspect's writer (lib/test-support/
// inspect-eval-fixture.ts), built so that the score depends on the attachments: 22 email tasks, 17 of
// them with the ground truth's calls, 10 of which send a body over 100 characters (an attachment).
// And a committed log of the real writer whose score depends on its attachments (fixtures/
// real-writer-replay.*: a Studio run rewritten by inspect_ai, see fixtures/README.md), with Inspect's own
// JSON conversions of it, references kept and resolved.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "@/lib/workbench/datasets";
import type { Task } from "@/lib/workbench/datasets/types";
import { getProtocol } from "@/lib/workbench/protocols";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../../test-support/db";
import { fixtureSamples, writeEvalLog, writeJsonLog, type FixtureLog, type FixtureSample } from "../../test-support/inspect-eval-fixture";
import { loadRunOrThrow } from "../export-run";
import { databaseRefusalReason } from "../database-refusal";
import { buildEvalLog } from "./eval-log";
import { importInspectLog } from "@/lib/runs/import/import-inspect";
import { readInspectLog } from "./read-log";

const REAL_LOGS = path.join(DATA_DIR, "../reference/inspect_ai/logs");
const REAL_EVAL = path.join(REAL_LOGS, "studio-export-3-trials.eval");
const FIXTURES = path.join(import.meta.dirname, "fixtures");
const REPLAY = {
  eval: path.join(FIXTURES, "real-writer-replay.eval"),
  kept: path.join(FIXTURES, "real-writer-replay.json"),
  resolved: path.join(FIXTURES, "real-writer-replay.resolved.json"),
};
const protocol = getProtocol("2024");

let context: RunsTestContext;
let dir: string;
let log: FixtureLog;

/** A sample whose calls are the task's ground truth (correct by the evaluator's own definition), or none. */
function sampleOf(task: Task, withCalls: boolean): FixtureSample {
  const calls = withCalls
    ? task.groundTruth.map((raw) => {
        const parsed = protocol.parseCall(raw);
        if (!parsed.ok) throw new Error(`ground truth of ${task.key} does not parse: ${raw}`);
        return { tool: parsed.call.tool, arguments: { ...parsed.call.args } };
      })
    : [];
  return { id: task.key, input: task.text, calls };
}

const longestArgument = (task: Task) =>
  Math.max(0, ...task.groundTruth.flatMap((raw) => {
    const parsed = protocol.parseCall(raw);
    return parsed.ok ? Object.values(parsed.call.args).map((value) => value.length) : [];
  }));

beforeAll(async () => {
  context = await setUpRunsTest();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-inspect-import-"));
  const dataset = await loadDataset(DATA_DIR, "v1");
  const email = dataset.tasks.filter((task) => task.domain === "email" && task.groundTruth.length > 0);
  const long = email.filter((task) => longestArgument(task) > 100).slice(0, 10);
  const short = email.filter((task) => longestArgument(task) <= 100).slice(0, 12);
  expect(long).toHaveLength(10);
  log = { evalId: "fixture-eval-22", samples: [...long.map((task) => sampleOf(task, true)), ...short.map((task, index) => sampleOf(task, index < 7))] };
}, 300_000);

afterAll(async () => {
  await tearDownRunsTest(context);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function counts() {
  const [runs, results, steps] = await Promise.all([context.db.run.count(), context.db.taskResult.count(), context.db.step.count()]);
  return { runs, results, steps };
}

async function importedOnce(file: string) {
  const run = await importInspectLog(context.db, { file });
  await context.db.run.delete({ where: { id: run.runId } });
  return run;
}

describe("the intended score from the .eval and from its JSON conversion", () => {
  test("Studio-written fixture: 17/22 from the .eval, the JSON with references kept, and the JSON resolved; the bodies stored, no placeholder", async () => {
    const evalFile = path.join(dir, "fixture.eval");
    await writeEvalLog(evalFile, log);
    const condensed = fixtureSamples(log, true);
    // The condensing moved the ten long bodies into attachments: the score depends on resolving them.
    expect(condensed.filter((sample) => Object.keys(sample.attachments).length > 0)).toHaveLength(10);
    const jsonKept = path.join(dir, "fixture-kept.json");
    await writeJsonLog(jsonKept, log, condensed);
    const jsonResolved = path.join(dir, "fixture-resolved.json");
    await writeJsonLog(jsonResolved, log, fixtureSamples(log, false));

    const fromEval = await importInspectLog(context.db, { file: evalFile });
    expect(fromEval).toMatchObject({ created: true, tasks: 22, correct: 17 });
    const stored = await context.db.taskResult.findMany({ where: { runId: fromEval.runId }, select: { calls: true } });
    const calls = stored.flatMap((result) => result.calls);
    expect(calls.filter((call) => call.includes("attachment://"))).toEqual([]);
    expect(calls.filter((call) => call.startsWith("email.send_email")).length).toBeGreaterThanOrEqual(10);
    await context.db.run.delete({ where: { id: fromEval.runId } });

    expect(await importedOnce(jsonKept)).toMatchObject({ created: true, tasks: 22, correct: 17 });
    expect(await importedOnce(jsonResolved)).toMatchObject({ created: true, tasks: 22, correct: 17 });
  }, 300_000);

  test("real Inspect writer (.eval, zstd): the 43/60 the log's own scores state, and the same from its JSON conversion", async () => {
    let stated = 0;
    let samples = 0;
    const jsonSamples: unknown[] = [];
    let spec: unknown;
    for await (const item of readInspectLog(REAL_EVAL)) {
      if (item.kind === "eval") spec = item.value;
      else {
        samples += 1;
        if ((item.value.scores as { correct?: { value?: unknown } }).correct?.value === "C") stated += 1;
        jsonSamples.push(item.value);
      }
    }
    expect({ samples, stated }).toEqual({ samples: 60, stated: 43 });
    const fromEval = await importedOnce(REAL_EVAL);
    expect(fromEval).toMatchObject({ created: true, tasks: 60, correct: 43 });
    const json = path.join(dir, "real-converted.json");
    await fs.writeFile(json, JSON.stringify({ version: 2, status: "success", eval: spec, samples: jsonSamples }));
    expect(await importedOnce(json)).toMatchObject({ created: true, tasks: 60, correct: 43 });
  }, 300_000);
});

describe("the real Inspect writer's log whose score depends on its attachments (fixtures/real-writer-replay.*)", () => {
  interface LoggedSample {
    id: string;
    epoch: number;
    scores: { correct: { value: string } };
    attachments?: Record<string, string>;
    events: { event: string; function?: string; arguments?: Record<string, unknown> }[];
  }
  const samplesOf = async (file: string) => (JSON.parse(await fs.readFile(file, "utf8")) as { samples: LoggedSample[] }).samples;
  const toolArguments = (sample: LoggedSample) => sample.events.filter((event) => event.event === "tool").flatMap((event) => Object.values(event.arguments ?? {}));
  const isReference = (value: unknown) => typeof value === "string" && value.startsWith("attachment://");

  /** Each sample's verdict as the log states it (the run's), and the send_email bodies as the resolved conversion holds them. */
  async function stated() {
    const samples = await samplesOf(REPLAY.resolved);
    const verdicts = Object.fromEntries(samples.map((sample) => [sample.id, sample.scores.correct.value === "C"]));
    const bodies = samples.flatMap((sample) =>
      sample.events.filter((event) => event.function === "email.send_email").map((event) => [sample.id, event.arguments?.body] as const),
    );
    return { verdicts, bodies };
  }

  test("the fixture is what it claims: Inspect's writer left the long bodies as attachment:// references, and they decide the score", async () => {
    const kept = await samplesOf(REPLAY.kept);
    // No tool event carries Studio's call string (metadata.call): the calls can only be read from the
    // arguments, so a body read as its placeholder would score wrong (2/12 instead of 8/12).
    expect(kept.flatMap((sample) => sample.events).filter((event) => event.event === "tool" && "call" in ((event as { metadata?: object }).metadata ?? {}))).toEqual([]);
    const withReferences = kept.filter((sample) => toolArguments(sample).some(isReference));
    // Nine samples send a body over 100 characters: six with the ground truth's calls (correct), three wrong.
    expect(withReferences.map((sample) => [sample.id, sample.scores.correct.value])).toEqual([
      ["email/020", "C"], ["email/022", "C"], ["email/023", "I"], ["email/024", "C"], ["email/025", "I"],
      ["email/026", "C"], ["email/027", "I"], ["email/028", "C"], ["email/029", "C"],
    ]);
    const resolved = await samplesOf(REPLAY.resolved);
    expect(resolved.flatMap(toolArguments).filter(isReference)).toEqual([]);
    const { verdicts, bodies } = await stated();
    expect(Object.values(verdicts).filter(Boolean)).toHaveLength(8);
    expect(bodies.length).toBe(10);
    expect(bodies.every(([, body]) => typeof body === "string" && body.length > 100)).toBe(true);
  });

  test.each([
    [".eval (zstd entries)", REPLAY.eval],
    ["its JSON conversion, references kept (inspect log convert --to json)", REPLAY.kept],
    ["its JSON conversion, resolved (--resolve-attachments full)", REPLAY.resolved],
  ])("%s: 8/12 with each sample's verdict as the run had it; the bodies stored whole, no attachment:// kept", async (_what, file) => {
    const { verdicts, bodies } = await stated();
    const imported = await importInspectLog(context.db, { file });
    try {
      expect(imported).toMatchObject({ created: true, tasks: 12, correct: 8 });
      const results = await context.db.taskResult.findMany({
        where: { runId: imported.runId },
        select: { calls: true, correct: true, task: { select: { key: true } }, steps: { where: { kind: "tool" }, select: { tool: true, args: true, arguments: true } } },
      });
      expect(Object.fromEntries(results.map((result) => [result.task.key, result.correct]))).toEqual(verdicts);
      expect(results.flatMap((result) => result.calls).filter((call) => call.includes("attachment://"))).toEqual([]);
      const stored = results.flatMap((result) =>
        result.steps.filter((step) => step.tool === "email.send_email").map((step) => [result.task.key, (step.arguments as { body?: unknown } | null)?.body ?? (step.args as { body?: unknown }).body] as const),
      );
      expect(stored.toSorted()).toEqual([...bodies].toSorted());
      expect(JSON.stringify(results.map((result) => result.steps))).not.toContain("attachment://");
    } finally {
      await context.db.run.delete({ where: { id: imported.runId } });
    }
  }, 120_000);

  test("one attachment taken out of the JSON conversion refuses the log naming the sample; nothing written", async () => {
    const log = JSON.parse(await fs.readFile(REPLAY.kept, "utf8")) as { samples: LoggedSample[] };
    const sample = log.samples.find((candidate) => candidate.id === "email/026")!;
    const reference = toolArguments(sample).find(isReference) as string;
    delete sample.attachments![reference.slice("attachment://".length)];
    const file = path.join(dir, "real-writer-replay-missing-attachment.json");
    await fs.writeFile(file, JSON.stringify(log));
    const before = await counts();
    await expect(importInspectLog(context.db, { file })).rejects.toThrow(`sample email/026 (epoch 1) refers to ${reference.slice(0, "attachment://".length + 40)}, which its attachments do not hold`);
    expect(await counts()).toEqual(before);
  });
});

describe("refusals write nothing", () => {
  test("an attachment reference the sample's attachments do not hold refuses the log, naming the sample", async () => {
    const samples = fixtureSamples(log, true);
    const broken = samples.find((sample) => Object.keys(sample.attachments).length > 0)!;
    const file = path.join(dir, "unresolvable.eval");
    await writeEvalLog(file, log, samples.map((sample) => (sample === broken ? { ...sample, attachments: {} } : sample)));
    const before = await counts();
    await expect(importInspectLog(context.db, { file })).rejects.toThrow(`sample ${broken.id} (epoch 1) refers to attachment://`);
    expect(await counts()).toEqual(before);
  });

  test("an epoch of 1e9 is refused with 0 rows written", async () => {
    const file = path.join(dir, "epoch.json");
    const samples = fixtureSamples(log, false);
    await writeJsonLog(file, log, samples.map((sample, index) => (index === 3 ? { ...sample, epoch: 1e9 } : sample)));
    const before = await counts();
    await expect(importInspectLog(context.db, { file })).rejects.toThrow(`sample ${samples[3]!.id}: epoch: epoch above 100`);
    const stated = path.join(dir, "epochs.json");
    await writeJsonLog(stated, { ...log, epochs: 1e9 }, fixtureSamples(log, false));
    await expect(importInspectLog(context.db, { file: stated })).rejects.toThrow("not an Inspect eval log (eval.config.epochs: epochs above 100");
    expect(await counts()).toEqual(before);
  });

  test("token counts beyond the database's integers, and a NUL character, are refused naming the sample, 0 rows", async () => {
    const huge = { ...log, evalId: "tokens", samples: log.samples.map((sample) => ({ ...sample, modelEvent: { output: { completion: "x", usage: { input_tokens: 3e9, output_tokens: 1 } } } })) };
    const tokens = path.join(dir, "tokens.json");
    await writeJsonLog(tokens, huge, fixtureSamples(huge, false));
    const nul = { ...log, evalId: "nul", samples: log.samples.map((sample, index) => (index === 0 ? { ...sample, completion: "done\u0000" } : sample)) };
    const nulFile = path.join(dir, "nul.json");
    await writeJsonLog(nulFile, nul, fixtureSamples(nul, false));
    const before = await counts();
    await expect(importInspectLog(context.db, { file: tokens })).rejects.toThrow(/sample .* \(epoch 1\): model event input_tokens 3000000000 is not a count Studio can store/);
    await expect(importInspectLog(context.db, { file: nulFile })).rejects.toThrow(`sample ${log.samples[0]!.id} (epoch 1) holds a NUL character`);
    expect(await counts()).toEqual(before);
  });
});

describe("a log is recognised by its content", () => {
  test("the same log under two names, and as its JSON conversion, imports once: 0 rows written the second time", async () => {
    const first = path.join(dir, "2026-11-28T20-00-00_workbench_a.eval");
    await writeEvalLog(first, log);
    const copy = path.join(dir, "renamed-copy.eval");
    await fs.copyFile(first, copy);
    const converted = path.join(dir, "converted.json");
    await writeJsonLog(converted, log, fixtureSamples(log, true));
    const imported = await importInspectLog(context.db, { file: first });
    expect(imported.created).toBe(true);
    const after = await counts();
    for (const file of [copy, converted]) {
      expect(await importInspectLog(context.db, { file })).toMatchObject({ created: false, runId: imported.runId, correct: 17, tasks: 22 });
    }
    expect(await counts()).toEqual(after);
    // Another log with the same eval id but one sample different is another log.
    const changed = { ...log, samples: log.samples.map((sample, index) => (index === 0 ? { ...sample, calls: [] } : sample)) };
    const other = path.join(dir, "changed.eval");
    await writeEvalLog(other, changed);
    const second = await importInspectLog(context.db, { file: other });
    expect(second).toMatchObject({ created: true, correct: 16 });
    await context.db.run.deleteMany({ where: { id: { in: [imported.runId, second.runId] } } });
  }, 300_000);
});

describe("runs imported before logs were known by their content", () => {
  test("a run keyed by file name and run id (the earlier import) is still recognised: nothing written", async () => {
    const file = path.join(dir, "legacy.eval");
    await writeEvalLog(file, { ...log, evalId: "legacy" });
    const imported = await importInspectLog(context.db, { file });
    await context.db.run.update({ where: { id: imported.runId }, data: { importFile: "inspect:legacy.eval#legacy-run" } });
    const after = await counts();
    expect(await importInspectLog(context.db, { file })).toMatchObject({ created: false, runId: imported.runId, importFile: "inspect:legacy.eval#legacy-run" });
    expect(await counts()).toEqual(after);
    await context.db.run.delete({ where: { id: imported.runId } });
  }, 120_000);
});

describe("database refusals in words", () => {
  /** The error PostgreSQL (through Prisma 7 and adapter-pg) gives for `write`. */
  async function refusal(write: () => Promise<unknown>): Promise<unknown> {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error("the write was not refused");
  }

  test.each([
    ["an integer column out of range (Prisma's 'Value out of range')", "a number is too large for its column",
      () => context.db.run.updateMany({ where: { id: "none" }, data: { trials: 3_000_000_000 } })],
    ["a NUL character in jsonb (raw query 22P05)", "NUL character",
      () => context.db.$queryRawUnsafe(`SELECT x FROM jsonb_to_recordset($1::jsonb) AS r(x jsonb)`, JSON.stringify([{ x: { a: "nul\u0000" } }]))],
    ["an integer overflow in a raw query (22003)", "a number is too large for its column",
      () => context.db.$queryRawUnsafe(`SELECT x FROM jsonb_to_recordset($1::jsonb) AS r(x int)`, JSON.stringify([{ x: 3_000_000_000 }]))],
    ["a NUL character in a text column", "NUL character", () => context.db.$queryRawUnsafe(`SELECT $1::text`, "nul\u0000")],
    ["a duplicate key", "a row with the same key is already stored",
      async () => {
        const dataset = await context.db.dataset.findFirstOrThrow();
        await context.db.dataset.create({ data: { ...dataset } as never });
      }],
  ])("%s", async (_what, reason, write) => {
    const error = await refusal(write);
    const text = databaseRefusalReason(error);
    expect(text).toContain(reason);
    expect(text).not.toMatch(/Prisma|Raw query|Code|\n/);
  });

  test("import-inspect reports a refusal of its write in one line, and writes nothing", async () => {
    const real = await refusal(() => context.db.$queryRawUnsafe(`SELECT x FROM jsonb_to_recordset($1::jsonb) AS r(x jsonb)`, JSON.stringify([{ x: "nul\u0000" }])));
    // The database as the import sees it, except that its write transaction is refused as PostgreSQL refused the query above.
    const refusing = new Proxy(context.db, {
      get: (target, key, receiver) => (key === "$transaction" ? () => Promise.reject(real) : Reflect.get(target, key, receiver)),
    });
    const file = path.join(dir, "refused.eval");
    await writeEvalLog(file, { ...log, evalId: "refused" });
    const before = await counts();
    const error = await refusal(() => importInspectLog(refusing, { file }));
    expect((error as Error).message).toBe(`${file}: the database refused the import: a text holds a NUL character (\\u0000), which PostgreSQL cannot store; nothing was imported`);
    expect(await counts()).toEqual(before);
  });
});

describe("arguments as sent", () => {
  test("a number the model sent comes back a number through the Inspect export (ToolCall and ToolEvent); args keep the string", async () => {
    const task = (await loadDataset(DATA_DIR, "v1")).tasks.find((candidate) => candidate.domain === "calendar" && candidate.groundTruth.length > 0)!;
    const numeric: FixtureLog = {
      evalId: "numeric-arguments",
      samples: [{ id: task.key, input: task.text, calls: [{ tool: "calendar.search_events", arguments: { query: "Sync", time_min: 12345 } }] }],
    };
    const file = path.join(dir, "numeric.eval");
    await writeEvalLog(file, numeric);
    const imported = await importInspectLog(context.db, { file });
    const step = await context.db.step.findFirstOrThrow({ where: { result: { runId: imported.runId }, kind: "tool" } });
    expect(step.args).toEqual({ query: "Sync", time_min: "12345" });
    expect(step.arguments).toEqual({ query: "Sync", time_min: 12345 });
    const exported = buildEvalLog(await loadRunOrThrow(context.db, imported.runId));
    const sample = exported.samples[0]!;
    const toolEvent = sample.events.find((event) => event.event === "tool") as { arguments: Record<string, unknown> };
    expect(toolEvent.arguments.time_min).toBe(12345);
    const toolCall = sample.messages.flatMap((message) => ("tool_calls" in message && message.tool_calls) || [])[0]!;
    expect(toolCall.arguments).toEqual({ query: "Sync", time_min: 12345 });
    await context.db.run.delete({ where: { id: imported.runId } });
  }, 120_000);
});
