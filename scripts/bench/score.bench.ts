// Time to load and score all 5,520 recorded results of the paper with the v1 scorer, against the
// original evaluator's 0.18-0.25 s per result (WORKBENCH-REFERENCE.md, "Timing").
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadDataset, resolveDataDir } from "@/lib/workbench/datasets";
import { matchResultsToTasks, scoreRecordedResults } from "@/lib/workbench/evaluate";
import { loadRecordedResultsDir } from "@/lib/workbench/results";
import { createProtocolEvaluator } from "@/lib/workbench/protocols";
import { env } from "@/lib/env";

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
  const dataDir = resolveDataDir(env().WORKBENCH_DATA_DIR);
  const cold: { load: number; score: number; scoreCpu: number }[] = [];
  let loaded = await loadAll(dataDir);
  // Cold: read every file again and score with a fresh evaluator (no cached ground-truth replays).
  for (let i = 0; i < 3; i += 1) {
    const load = await timed(() => loadAll(dataDir));
    loaded = load.value;
    const { v1, results, tasks } = loaded;
    const score = await timed(() => scoreRecordedResults(results, tasks, createProtocolEvaluator({ dataset: v1, protocol: "2024" })));
    cold.push({ load: load.ms, score: score.ms, scoreCpu: score.cpuMs });
  }
  // Warm: the same evaluator again (ground-truth replays cached, data in memory).
  const { v1, results, tasks } = loaded;
  const evaluator = createProtocolEvaluator({ dataset: v1, protocol: "2024" });
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
      line("cold: load CSVs + score", coldTotal),
      line("cold: score only (fresh evaluator)", coldScore, median(cold.map((c) => c.scoreCpu))),
      line("warm: score only (cached GT replays)", warmScore, median(warm.map((w) => w.cpuMs))),
    ].join("\n") + "\n",
  );
  await compiledWholeProcess(n);
}

/** `node dist/workbench.mjs score --json` as a user runs it: start-up, loading, both threads, writing. */
async function compiledWholeProcess(n: number): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..", "..");
  execFileSync(process.execPath, [path.join(root, "scripts", "build", "build-cli.mjs"), "--if-stale"], { stdio: "inherit" });
  const dir = await mkdtemp(path.join(os.tmpdir(), "workbench-score-"));
  try {
    const runs: { ms: number; hash: string }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const json = path.join(dir, `run-${i}.json`);
      const started = performance.now();
      const child = spawnSync(process.execPath, [path.join(root, "dist", "workbench.mjs"), "score", "--json", json], { stdio: "ignore" });
      const ms = performance.now() - started;
      if (child.status !== 0) throw new Error(`compiled score exited with ${child.status}`);
      const hash = createHash("sha256").update(await readFile(json)).digest("hex").slice(0, 16);
      runs.push({ ms, hash });
    }
    const best = Math.min(...runs.map((run) => run.ms));
    const wall = median(runs.map((run) => run.ms));
    const hashes = [...new Set(runs.map((run) => run.hash))];
    process.stdout.write(
      `score (compiled): node dist/workbench.mjs score --json, whole process, ${n} results: median ${wall.toFixed(0)} ms, best ${best.toFixed(0)} ms ` +
        `[${wall <= 1000 ? "OK" : "over target"}: ≤ 1000 ms on an idle 2-core machine; load average now ${os.loadavg()[0]!.toFixed(1)}]\n` +
        `  JSON sha256 ${hashes.join(", ")}${hashes.length > 1 ? " (runs differ!)" : ""}\n`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
