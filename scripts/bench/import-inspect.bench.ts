// import-inspect memory benchmark (`npm run bench -- import-inspect`): a ~300 MB Inspect eval log (JSON,
// as `inspect log convert --to json` writes it) of WorkBench tasks, generated here: every v1 task with
// its ground-truth calls, IMPORT_INSPECT_BENCH_EPOCHS epochs (default 3), each model event carrying a
// long prompt (the bulk, as in real logs; Inspect keeps each turn's input messages) and a 2 KB thought
// (written to the database); then the same samples as a `.eval` archive. Each imported by the CLI in its
// own process, which reports its peak RSS, CPU and wall time against issue 37's target (≤ 350 MB RSS for
// 300 MB; before streaming it was 1.4 GB).
// IMPORT_INSPECT_BENCH_MB changes the size. Uses DATABASE_URL, or a throwaway embedded PostgreSQL.
import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDataset } from "@/lib/workbench/datasets";
import { getProtocol } from "@/lib/workbench/protocols";
import { DATA_DIR } from "@/lib/test-support/db";
import { fixtureSamples, writeEvalLog, type FixtureLog, type InspectSampleJson } from "@/lib/test-support/inspect-eval-fixture";
import { startBenchServer } from "./bench-database";
import { measure } from "./import.bench";

const TARGET_RSS_MB = 350;
const ROOT = path.resolve(import.meta.dirname, "../..");

interface BenchLog {
  readonly evalId: string;
  readonly epochs: number;
  readonly samples: number;
  /** The samples, made one at a time as they are written. */
  readonly each: () => Generator<InspectSampleJson>;
}

/** Every v1 task × `epochs`, with its ground-truth calls (all correct), sized to about `targetBytes` of JSON. */
async function benchLog(evalId: string, targetBytes: number, epochs: number): Promise<BenchLog> {
  const dataset = await loadDataset(DATA_DIR, "v1");
  const protocol = getProtocol("2024");
  const tasks = dataset.tasks.filter((task) => task.groundTruth.every((raw) => protocol.parseCall(raw).ok));
  // One prompt per model event, one model event per call (tasks whose ground truth makes no call have none).
  const modelEvents = tasks.reduce((sum, task) => sum + task.groundTruth.length, 0) * epochs;
  const promptBytes = Math.max(1024, Math.floor(targetBytes / modelEvents) - 2600);
  const prompt = "You are a workplace assistant. ".repeat(Math.ceil(promptBytes / 31)).slice(0, promptBytes);
  const thought = "Thought: I should look this up first. ".repeat(54);
  function* each(): Generator<InspectSampleJson> {
    for (let epoch = 1; epoch <= epochs; epoch += 1) {
      for (const task of tasks) {
        const calls = task.groundTruth.map((raw) => {
          const parsed = protocol.parseCall(raw);
          return parsed.ok ? { tool: parsed.call.tool, arguments: { ...parsed.call.args } } : { tool: "", arguments: {} };
        });
        const one: FixtureLog = { evalId, samples: [{ id: task.key, epoch, input: task.text, calls, modelEvent: { input: [{ role: "user", content: prompt }] } }] };
        const [sample] = fixtureSamples(one, false);
        for (const event of sample!.events) if (event.event === "model") (event.output as { completion: string }).completion = thought;
        yield sample!;
      }
    }
  }
  return { evalId, epochs, samples: tasks.length * epochs, each };
}

/** The log as JSON, written sample by sample (the bench never holds it whole either). */
async function writeJson(file: string, log: BenchLog): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`{"version": 2, "status": "success", "eval": ${JSON.stringify({
    eval_id: log.evalId, run_id: log.evalId, created: new Date().toISOString(), task: "workbench", task_args: { ground_truth: "v1", protocol: "2024", tool_set: "all" },
    model: "openai/bench-model", config: { epochs: log.epochs },
  })}, "samples": [`);
  let first = true;
  for (const sample of log.each()) {
    await write(`${first ? "" : ","}\n${JSON.stringify(sample)}`);
    first = false;
  }
  await write("\n]}\n");
  out.end();
  await once(out, "finish");
  return (await stat(file)).size;
}

async function importAndReport(what: string, file: string, log: BenchLog, databaseUrl: string): Promise<void> {
  const result = await measure(process.execPath, [path.join(ROOT, "dist/workbench.mjs"), "import-inspect", file], { ...process.env, DATABASE_URL: databaseUrl });
  const line = result.output.trim().split("\n").at(-1) ?? "";
  console.log(`import-inspect: ${what} (${log.samples} samples, ${log.epochs} epochs; ground-truth calls, ${log.samples} correct expected)`);
  console.log(`  ${line}`);
  console.log(
    `  peak RSS ${result.peakRssMb.toFixed(0)} MB (target ≤ ${TARGET_RSS_MB} MB: ${result.peakRssMb <= TARGET_RSS_MB ? "ok" : "OVER TARGET"}), ` +
      `CPU ${Number.isNaN(result.cpuS) ? "n/a" : `${result.cpuS.toFixed(1)} s`}, wall ${result.wallS.toFixed(1)} s  [load ${os.loadavg().map((load) => load.toFixed(2)).join(" ")}]`,
  );
}

export async function run(): Promise<void> {
  const targetMb = Number(process.env.IMPORT_INSPECT_BENCH_MB ?? 300);
  const epochs = Number(process.env.IMPORT_INSPECT_BENCH_EPOCHS ?? 3);
  const database = await startBenchServer();
  const db = createPrismaClient(database.url);
  const dir = await mkdtemp(path.join(os.tmpdir(), "import-inspect-bench-"));
  try {
    await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
    execFileSync(process.execPath, [path.join(ROOT, "scripts/build/build-cli.mjs"), "--if-stale"], { stdio: "inherit", cwd: ROOT });
    const tag = Date.now().toString(36);
    const json = path.join(dir, "bench-log.json");
    const jsonLog = await benchLog(`bench-json-${tag}`, targetMb * 1024 * 1024, epochs);
    const jsonBytes = await writeJson(json, jsonLog);
    await importAndReport(`${(jsonBytes / 1024 / 1024).toFixed(0)} MB Inspect JSON log`, json, jsonLog, database.url);
    await rm(json, { force: true });
    // The same samples as a .eval (another eval id, so not recognised as the log above): entries deflated.
    const archive = path.join(dir, "bench-log.eval");
    const evalLog = await benchLog(`bench-eval-${tag}`, targetMb * 1024 * 1024, epochs);
    await writeEvalLog(archive, { evalId: evalLog.evalId, samples: [], epochs }, evalLog.each());
    await importAndReport(`.eval of ${(jsonBytes / 1024 / 1024).toFixed(0)} MB of samples (${((await stat(archive)).size / 1024 / 1024).toFixed(1)} MB deflated)`, archive, evalLog, database.url);
  } finally {
    await db.$disconnect();
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
