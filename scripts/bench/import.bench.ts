// Import memory benchmark (`npm run bench -- import`): a 200 MB v1 results file (the paper's
// multi-domain gpt-4 rows, full_response padded) and a 200 MB (before gzip) 2026 `.csv.gz` + `_meta.json`
// (lib/test-support/large-results-fixture.ts), and two 2026 files whose 200 MB is their `_traces.json` (a
// small .csv.gz beside it; the bulk in the prompts, as in real traces, or in the thoughts, which are
// written to the database), each imported by the CLI (`workbench import-results`) in its own process,
// which reports its peak RSS, CPU and wall time against the target of issue 21 (≤ 300 MB RSS for a
// 200 MB file). Beside the traces import, the same file read whole by JSON.parse in a bare Node process
// (what the import did before it streamed the traces) gives the ratio. The load average is printed with
// every figure (the machine is shared). IMPORT_BENCH_MB changes the size; IMPORT_BENCH_CASES (a comma
// list of v1, csv, prompts, thoughts) runs some of the cases; IMPORT_BENCH_BASELINE (another build's CLI
// directory, e.g. dist/ of an earlier commit copied beside this one's) imports each file with it too,
// right after, and prints the ratios (the machine's load changes too much between runs to compare
// figures of separate runs). Uses DATABASE_URL, or a throwaway embedded PostgreSQL.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { importDataset } from "@/lib/datasets/import-dataset";
import { DATA_DIR } from "@/lib/test-support/db";
import { writeLargeResultsFile, writeLargeResultsFile2026, type LargeResultsFile, type TracesBulk } from "@/lib/test-support/large-results-fixture";
import { startBenchServer } from "./bench-database";

const TARGET_RSS_MB = 300;
const ROOT = path.resolve(import.meta.dirname, "../..");
const TIME = "/usr/bin/time";
const CASES = (process.env.IMPORT_BENCH_CASES ?? "v1,csv,prompts,thoughts").split(",").map((name) => name.trim());
const BASELINE = process.env.IMPORT_BENCH_BASELINE ? path.resolve(ROOT, process.env.IMPORT_BENCH_BASELINE) : null;

interface Measured {
  readonly peakRssMb: number;
  readonly cpuS: number;
  readonly wallS: number;
  readonly output: string;
}

/** Runs the command with /usr/bin/time when present, else polls /proc for its peak RSS (VmHWM). */
export async function measure(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const useTime = existsSync(TIME);
  const report = path.join(os.tmpdir(), `import-bench-time-${process.pid}.txt`);
  const started = performance.now();
  const child = useTime
    ? spawn(TIME, ["-o", report, "-f", "%M %U %S", command, ...args], { env, cwd: ROOT })
    : spawn(command, args, { env, cwd: ROOT });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let polledKb = 0;
  const poll = useTime
    ? null
    : setInterval(() => {
        readFile(`/proc/${child.pid}/status`, "utf8").then(
          (status) => (polledKb = Math.max(polledKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))),
          () => undefined,
        );
      }, 100);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (poll) clearInterval(poll);
  const wallS = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import exited ${code}:\n${output}`);
  if (!useTime) return { peakRssMb: polledKb / 1024, cpuS: Number.NaN, wallS, output };
  const [rssKb, user, system] = (await readFile(report, "utf8")).trim().split("\n").at(-1)!.split(" ").map(Number) as [number, number, number];
  await rm(report, { force: true });
  return { peakRssMb: rssKb / 1024, cpuS: user + system, wallS, output };
}

export async function run(): Promise<void> {
  const targetMb = Number(process.env.IMPORT_BENCH_MB ?? 200);
  const database = await startBenchServer();
  const db = createPrismaClient(database.url);
  const dir = await mkdtemp(path.join(os.tmpdir(), "import-bench-"));
  try {
    await importDataset(db, { dataDir: DATA_DIR, versions: ["v1", "v2026"] });
    execFileSync(process.execPath, [path.join(ROOT, "scripts/build/build-cli.mjs"), "--if-stale"], { stdio: "inherit", cwd: ROOT });
    // Model names of their own: a DATABASE_URL that already holds an earlier bench's import would make it a no-op.
    const tag = Date.now().toString(36);
    if (CASES.includes("v1")) {
      const v1 = await writeLargeResultsFile(DATA_DIR, path.join(dir, "v1"), `bench${tag}`, targetMb * 1024 * 1024);
      await importAndReport("v1 results file", v1, db, database.url, ["--gt", "v1"]);
      await rm(v1.dir, { recursive: true, force: true });
    }
    if (CASES.includes("csv")) {
      const v2026 = await writeLargeResultsFile2026(DATA_DIR, path.join(dir, "2026"), `bench${tag}`, targetMb * 1024 * 1024);
      await importAndReport(`2026 .csv.gz (${((await stat(v2026.file)).size / 1024 / 1024).toFixed(1)} MB gzipped)`, v2026, db, database.url, []);
      await rm(v2026.dir, { recursive: true, force: true });
    }
    if (CASES.includes("prompts")) await tracesImport(path.join(dir, "2026-traces"), `bench${tag}t`, targetMb, "llm_input", db, database.url);
    if (CASES.includes("thoughts")) await tracesImport(path.join(dir, "2026-thoughts"), `bench${tag}o`, targetMb, "llm_output", db, database.url);
  } finally {
    await db.$disconnect();
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A 2026 results file with a `targetMb` `_traces.json`, its bulk in `bulkIn` (llm_input: prompts, as in
 * real traces, not kept; llm_output: thoughts, written to the database as step texts): imported
 * (streamed), and read whole by JSON.parse for the ratio.
 */
async function tracesImport(dir: string, model: string, targetMb: number, bulkIn: TracesBulk, db: PrismaClient, databaseUrl: string): Promise<void> {
  const large = await writeLargeResultsFile2026(DATA_DIR, dir, model, 1024 * 1024, { tracesBytes: targetMb * 1024 * 1024, tracesBulkIn: bulkIn });
  const traces = large.traces!;
  const tracesMb = traces.bytes / 1024 / 1024;
  const what = `2026 .csv.gz with a ${tracesMb.toFixed(0)} MB _traces.json, its bulk in ${bulkIn}`;
  const streamed = await importAndReport(what, { ...large, bytes: traces.bytes }, db, databaseUrl, []);
  const whole = await measure(process.execPath, ["-e", `JSON.parse(require("node:fs").readFileSync(${JSON.stringify(traces.file)}, "utf8"))`], process.env);
  console.log(
    `  the same _traces.json read whole (JSON.parse in a bare Node process, no import): peak RSS ${whole.peakRssMb.toFixed(0)} MB, CPU ${cpuText(whole)}; ` +
      `streamed import / whole read: ${(streamed.peakRssMb / whole.peakRssMb).toFixed(2)}x RSS  [load ${loadText()}]`,
  );
  await rm(dir, { recursive: true, force: true });
}

const cpuText = (measured: Measured) => (Number.isNaN(measured.cpuS) ? "n/a" : `${measured.cpuS.toFixed(1)} s`);
const loadText = () => os.loadavg().map((load) => load.toFixed(2)).join(" ");

async function importAndReport(what: string, large: LargeResultsFile, db: PrismaClient, databaseUrl: string, flags: readonly string[]): Promise<Measured> {
  const mb = large.bytes / 1024 / 1024;
  const result = await importWith(path.join(ROOT, "dist"), large, databaseUrl, flags);
  console.log(`import: ${mb.toFixed(0)} MB ${what} (${large.rows} rows, ${result.imported} imported, ${result.correct} correct)`);
  console.log(
    `  peak RSS ${result.peakRssMb.toFixed(0)} MB (target ≤ ${TARGET_RSS_MB} MB for 200 MB: ${result.peakRssMb <= TARGET_RSS_MB ? "ok" : "OVER TARGET"}), ` +
      `CPU ${cpuText(result)}, wall ${result.wallS.toFixed(1)} s (${(mb / result.wallS).toFixed(1)} MB/s)  [load ${loadText()}]`,
  );
  if (BASELINE) {
    // The same file again once the run is gone (an import of files already imported is a no-op).
    await db.run.deleteMany({ where: { source: "imported", importFile: { contains: path.basename(large.file) } } });
    const baseline = await importWith(BASELINE, large, databaseUrl, flags);
    console.log(
      `  baseline (${path.relative(ROOT, BASELINE)}): peak RSS ${baseline.peakRssMb.toFixed(0)} MB, CPU ${cpuText(baseline)}, wall ${baseline.wallS.toFixed(1)} s; ` +
        `this build / baseline: ${(result.peakRssMb / baseline.peakRssMb).toFixed(2)}x RSS, ${(result.cpuS / baseline.cpuS).toFixed(2)}x CPU  [load ${loadText()}]`,
    );
  }
  return result;
}

async function importWith(cliDir: string, large: LargeResultsFile, databaseUrl: string, flags: readonly string[]): Promise<Measured & { imported: string; correct: string }> {
  const result = await measure(process.execPath, [path.join(cliDir, "workbench.mjs"), "import-results", "--results", large.dir, ...flags], {
    ...process.env,
    DATABASE_URL: databaseUrl,
  });
  const imported = /imported .*?(\d+)\/(\d+)/.exec(result.output);
  if (!imported) throw new Error(`no run imported:\n${result.output}`);
  return { ...result, imported: imported[2]!, correct: imported[1]! };
}
