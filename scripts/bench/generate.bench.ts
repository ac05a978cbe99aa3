// Generated workplaces: generation at 1×, 10× and 100× (each in its own process: wall time, CPU time,
// peak memory; targets: 100× ≤ 30 s of CPU and ≤ 400 MB), the independent ground-truth checker over
// the 100× datasets (target: 0 disagreements), and scoring throughput on the 10× sandbox (v1 and v2026
// scorers; oracle, noop and a half-done answer per task, so both equal and unequal states are compared).
// GENERATE_BENCH_SCALES=1,10,100,1000 picks the scales; 1000× (default preset; several minutes) is measured with its
// files written, generation and write together (target ≤ 1 GB peak RSS).
import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { mkdtemp, rm } from "node:fs/promises";
import { generateDataset, toEngineDataset, writeDataset } from "@/lib/workbench/generate";
import { createProtocolEvaluator, protocolForGroundTruth } from "@/lib/workbench/protocols";

const TARGET_100X_CPU_MS = 30_000;
const TARGET_100X_RSS_MB = 400;
const TARGET_1000X_RSS_MB = 1024;
const DEFAULT_SCALES = [1, 10, 100];

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

interface OneRun {
  tasks: number;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  writtenMb: number | null;
  shortfall: { templateId: string; wanted: number; made: number }[];
  disagreements: number | null;
  checkMs: number | null;
}

/** Runs generate-one.ts in a child process with the same loader (tsx) as this one. */
async function measure(scale: number, preset: string, check: boolean, write: boolean): Promise<OneRun> {
  const script = path.join(import.meta.dirname, "generate-one.ts");
  const flags = [...(check ? ["--check"] : []), ...(write ? ["--write"] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, script, String(scale), preset, ...flags], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").pop() as string) as OneRun;
}

export async function run(): Promise<void> {
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const scales = benchScales();
  say(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(", ")} (${os.cpus().length} cores)`);
  const cases = [[1, "default", false], [10, "default", false], [10, "hard", false], [100, "default", true], [100, "hard", true], [1000, "default", false]] as const;
  for (const [scale, preset, check] of cases.filter(([scale]) => scales.includes(scale))) {
    const write = scale === 1000;
    const one = await measure(scale, preset, check, write);
    const targets =
      scale === 100
        ? `  (targets ≤ ${TARGET_100X_CPU_MS / 1000} s CPU: ${one.cpuMs <= TARGET_100X_CPU_MS ? "met" : "MISSED"}; ≤ ${TARGET_100X_RSS_MB} MB: ${one.peakRssMb <= TARGET_100X_RSS_MB ? "met" : "MISSED"})`
        : scale === 1000
          ? `  (with the ${one.writtenMb?.toFixed(0)} MB of files written; target ≤ ${TARGET_1000X_RSS_MB} MB: ${one.peakRssMb <= TARGET_1000X_RSS_MB ? "met" : "MISSED"})`
          : "";
    const short = one.shortfall.length ? `  under-generated: ${one.shortfall.map((s) => `${s.templateId} ${s.made}/${s.wanted}`).join(", ")}` : "";
    say(`generate ${String(scale).padStart(4)}× ${preset.padEnd(7)} ${one.tasks} tasks  wall ${(one.wallMs / 1000).toFixed(1).padStart(5)} s  CPU ${(one.cpuMs / 1000).toFixed(1).padStart(5)} s  peak RSS ${one.peakRssMb.toFixed(0).padStart(4)} MB${targets}${short}`);
    if (one.disagreements !== null) say(`check    ${String(scale).padStart(3)}× ${preset.padEnd(7)} ${one.disagreements} disagreements with the independent checker (${((one.checkMs ?? 0) / 1000).toFixed(1)} s)${one.disagreements === 0 ? "" : "  MISSED"}`);
  }
  say(`load average ${os.loadavg().map((load) => load.toFixed(2)).join(", ")}`);
  const tenX = generateDataset({ seed: 1, scale: 10, preset: "default" });
  const dir = await mkdtemp(path.join(os.tmpdir(), "wb-gen-bench-"));
  const writeStarted = performance.now();
  await writeDataset(dir, tenX);
  say(`write     10× default ${(performance.now() - writeStarted).toFixed(0)} ms`);
  await rm(dir, { recursive: true, force: true });
  const dataset = toEngineDataset(tenX);
  for (const scorer of ["v1", "v2026"] as const) {
    const evaluator = createProtocolEvaluator({ dataset: dataset, protocol: protocolForGroundTruth(scorer) });
    const answers = dataset.tasks.flatMap((task) => [task.groundTruth, [], task.groundTruth.slice(0, Math.ceil(task.groundTruth.length / 2))].map((calls) => [task, calls] as const));
    const { ms } = timed(() => answers.forEach(([task, calls]) => evaluator.scoreTask(task, calls, null)));
    say(`score 10× ${scorer.padEnd(5)} ${answers.length} results ${ms.toFixed(0).padStart(6)} ms  ${((1000 * ms) / answers.length).toFixed(0)} µs/result  ${Math.round((answers.length * 1000) / ms)} results/s`);
  }
}

/** GENERATE_BENCH_SCALES=1,10,100,1000 (default 1,10,100). */
function benchScales(): number[] {
  const raw = process.env.GENERATE_BENCH_SCALES;
  if (!raw) return DEFAULT_SCALES;
  const scales = raw.split(",").map((part) => Number(part.trim()));
  const known = [1, 10, 100, 1000];
  if (scales.some((scale) => !known.includes(scale))) throw new Error(`GENERATE_BENCH_SCALES: each scale must be one of ${known.join(", ")} (got "${raw}")`);
  return scales;
}
