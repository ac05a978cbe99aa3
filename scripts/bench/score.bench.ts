// Time to load and score all 5,520 recorded results of the paper with the v1 scorer, against the
// original evaluator's 0.18-0.25 s per result (WORKBENCH-REFERENCE.md, "Timing"); then the compiled
// `score` process as a user runs it, judged on CPU (≤ 1.2 s, user + system of every thread) and wall
// (≤ 1 s on an idle 2-core machine), interleaved A/B against the previous build (BENCH_BASELINE).
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadDataset, resolveDataDir } from "@/lib/workbench/datasets";
import { createEvaluator, matchResultsToTasks, scoreRecordedResults } from "@/lib/workbench/evaluate";
import { loadRecordedResultsDir } from "@/lib/workbench/results";
import { buildBaseline } from "./baseline-build";

const ORIGINAL_MS_PER_RESULT = 242; // run 1 of the reference timing (0.181 s on an idle machine)

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function loadAll(dataDir: string) {
  const [v1, results] = await Promise.all([loadDataset(dataDir, "v1"), loadRecordedResultsDir(path.join(dataDir, "v1", "data", "results"))]);
  return { v1, results, tasks: matchResultsToTasks(results, v1.tasks, v1) };
}

/** Wall time, and this process's CPU time (the fairer figure on a shared 2-core machine). */
async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

export async function run(): Promise<void> {
  const dataDir = resolveDataDir();
  const cold: { load: number; loadCpu: number; score: number; scoreCpu: number }[] = [];
  let loaded = await loadAll(dataDir);
  // Cold: read every file again and score with a fresh evaluator (no cached ground-truth replays).
  for (let i = 0; i < 3; i += 1) {
    const load = await timed(() => loadAll(dataDir));
    loaded = load.value;
    const { v1, results, tasks } = loaded;
    const score = await timed(() => scoreRecordedResults(results, tasks, createEvaluator(v1, "v1")));
    cold.push({ load: load.ms, loadCpu: load.cpuMs, score: score.ms, scoreCpu: score.cpuMs });
  }
  // Warm: the same evaluator again (ground-truth replays cached, data in memory).
  const { v1, results, tasks } = loaded;
  const evaluator = createEvaluator(v1, "v1");
  scoreRecordedResults(results, tasks, evaluator);
  const warm: { ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < 5; i += 1) warm.push(await timed(() => scoreRecordedResults(results, tasks, evaluator)));

  const n = results.length;
  const coldTotal = median(cold.map((c) => c.load + c.score));
  const coldScore = median(cold.map((c) => c.score));
  const warmScore = median(warm.map((w) => w.ms));
  const line = (label: string, ms: number, cpuMs?: number) =>
    `${label.padEnd(36)} ${ms.toFixed(0).padStart(6)} ms${cpuMs === undefined ? "" : ` (cpu ${cpuMs.toFixed(0)} ms)`}  ` +
    `${((1000 * ms) / n).toFixed(0).padStart(5)} µs/result  ` +
    `${Math.round((ORIGINAL_MS_PER_RESULT * n) / ms)}x faster than the original's ${ORIGINAL_MS_PER_RESULT} ms/result`;
  process.stdout.write(
    [
      `score: ${n} recorded results, v1 scorer (median of ${cold.length} cold / ${warm.length} warm runs; first cold run ${(cold[0]?.load ?? 0).toFixed(0)} + ${(cold[0]?.score ?? 0).toFixed(0)} ms)`,
      line("cold: load CSVs + score", coldTotal, median(cold.map((c) => c.loadCpu + c.scoreCpu))),
      line("cold: score only (fresh evaluator)", coldScore, median(cold.map((c) => c.scoreCpu))),
      line("warm: score only (cached GT replays)", warmScore, median(warm.map((w) => w.cpuMs))),
    ].join("\n") + "\n",
  );
  await compiledWholeProcess(n);
}

/** Targets of the whole `score` process on the 5,520 results (issue 22): CPU anywhere, wall on an idle 2-core machine. */
const TARGET_CPU_MS = 1200;
const TARGET_WALL_MS = 1000;
const RUNS_PER_BUILD = 5;
/** Ground truths the compiled process is timed on (each at its protocol's latest revision). */
const SCORED_AGAINST = [["--gt", "v1"], ["--gt", "v2026"]] as const;

interface ProcessRun {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly maxRssKb: number;
  readonly hash: string;
}

/** One `node <cli> score --json` with its wall time, whole-process CPU (cpu-at-exit.mjs) and JSON hash. */
async function scoreProcess(cli: string, args: readonly string[], dir: string, index: number): Promise<ProcessRun> {
  const json = path.join(dir, `run-${index}.json`);
  const cpuFile = path.join(dir, `run-${index}.cpu.json`);
  const preload = pathToFileURL(path.join(import.meta.dirname, "cpu-at-exit.mjs")).href;
  const started = performance.now();
  const child = spawnSync(process.execPath, ["--import", preload, cli, "score", ...args, "--json", json], {
    stdio: "ignore",
    env: { ...process.env, BENCH_CPU_FILE: cpuFile },
  });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`${cli} score exited with ${child.status}`);
  const { cpuMs, maxRssKb } = JSON.parse(await readFile(cpuFile, "utf8")) as { cpuMs: number; maxRssKb: number };
  const hash = createHash("sha256").update(await readFile(json)).digest("hex").slice(0, 16);
  return { wallMs, cpuMs, maxRssKb, hash };
}

/**
 * `node dist/workbench.mjs score --json` as a user runs it (start-up, loading, scoring, tables,
 * writing), timed as CPU and wall, and compared run by run with the previous build (BENCH_BASELINE,
 * default HEAD~1): the two builds alternate, so a change in the machine's load hits both alike.
 */
async function compiledWholeProcess(n: number): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..", "..");
  execFileSync(process.execPath, [path.join(root, "scripts", "build", "build-cli.mjs"), "--if-stale"], { stdio: "inherit" });
  const current = path.join(root, "dist", "workbench.mjs");
  const baseline = buildBaseline(root);
  const builds = "cli" in baseline ? [{ label: `baseline ${baseline.ref} (${baseline.commit})`, cli: baseline.cli }, { label: "this build", cli: current }] : [{ label: "this build", cli: current }];
  if (!("cli" in baseline)) process.stdout.write(`score (compiled): no A/B comparison: ${baseline.skipped}\n`);
  const dir = await mkdtemp(path.join(os.tmpdir(), "workbench-score-"));
  try {
    for (const args of SCORED_AGAINST) {
      const runs = builds.map(() => [] as ProcessRun[]);
      let index = 0;
      for (let round = 0; round < RUNS_PER_BUILD; round += 1) {
        // Interleaved, and the order flips each round so neither build always runs first.
        const order = round % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
        for (const i of order) runs[i]!.push(await scoreProcess(builds[i]!.cli, args, dir, index++));
      }
      process.stdout.write(`score (compiled): node <cli> score ${args.join(" ")} --json, whole process, ${n} results, ${RUNS_PER_BUILD} interleaved runs per build (load average ${os.loadavg()[0]!.toFixed(1)})\n`);
      const medians = runs.map((list) => ({ cpu: median(list.map((run) => run.cpuMs)), wall: median(list.map((run) => run.wallMs)) }));
      builds.forEach((build, i) => {
        const list = runs[i]!;
        const { cpu, wall } = medians[i]!;
        const hashes = [...new Set(list.map((run) => run.hash))];
        const rssMb = median(list.map((run) => run.maxRssKb)) / 1024;
        process.stdout.write(
          `  ${build.label.padEnd(30)} cpu median ${cpu.toFixed(0).padStart(5)} ms [${cpu <= TARGET_CPU_MS ? "OK" : "over target"}: ≤ ${TARGET_CPU_MS} ms]` +
            `  wall median ${wall.toFixed(0).padStart(5)} ms [${wall <= TARGET_WALL_MS ? "OK" : "over target"}: ≤ ${TARGET_WALL_MS} ms on an idle 2-core machine]` +
            `  rss ${rssMb.toFixed(0)} MB  JSON sha256 ${hashes.join(", ")}${hashes.length > 1 ? " (runs differ!)" : ""}\n`,
        );
      });
      if (builds.length === 2) {
        const [a, b] = medians as [{ cpu: number; wall: number }, { cpu: number; wall: number }];
        const same = runs[0]![0]!.hash === runs[1]![0]!.hash;
        process.stdout.write(
          `  this build ÷ baseline: cpu ${(b.cpu / a.cpu).toFixed(2)}×, wall ${(b.wall / a.wall).toFixed(2)}×; JSON ${same ? "identical" : "DIFFERENT from the baseline's"}\n`,
        );
      }
    }
  } finally {
    if ("remove" in baseline) baseline.remove();
    await rm(dir, { recursive: true, force: true });
  }
}
