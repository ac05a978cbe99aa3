// Generated workplaces: time to generate a sandbox + its tasks at 1× and 10× (target: 10× < 30 s),
// time to write the files, and scoring throughput on the 10× sandbox (v1 and v2026 scorers; oracle,
// noop and a half-done answer per task, so both equal and unequal states are compared).
import os from "node:os";
import path from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { generateDataset, toEngineDataset, writeDataset } from "@/lib/workbench/generate";
import { createProtocolEvaluator, protocolForGroundTruth } from "@/lib/workbench/protocols";

const TARGET_10X_MS = 30_000;

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

export async function run(): Promise<void> {
  const lines: string[] = [];
  let tenX: ReturnType<typeof generateDataset> | undefined;
  for (const [scale, preset] of [[1, "default"], [10, "default"], [10, "hard"]] as const) {
    const { value, ms } = timed(() => generateDataset({ seed: 1, scale, preset }));
    const dir = await mkdtemp(path.join(os.tmpdir(), "wb-gen-bench-"));
    const started = performance.now();
    await writeDataset(dir, value);
    const writeMs = performance.now() - started;
    await rm(dir, { recursive: true, force: true });
    const target = scale === 10 ? `  (target < ${TARGET_10X_MS / 1000} s: ${ms < TARGET_10X_MS ? "met" : "MISSED"})` : "";
    lines.push(`generate ${String(scale).padStart(2)}× ${preset.padEnd(7)} sandbox + ${value.tasks.length} tasks ${ms.toFixed(0).padStart(6)} ms, write ${writeMs.toFixed(0).padStart(4)} ms${target}`);
    if (scale === 10 && preset === "default") tenX = value;
  }
  if (!tenX) throw new Error("no 10× dataset");
  const dataset = toEngineDataset(tenX);
  for (const scorer of ["v1", "v2026"] as const) {
    const evaluator = createProtocolEvaluator({ dataset: dataset, protocol: protocolForGroundTruth(scorer) });
    const answers = dataset.tasks.flatMap((task) => [task.groundTruth, [], task.groundTruth.slice(0, Math.ceil(task.groundTruth.length / 2))].map((calls) => [task, calls] as const));
    const { ms } = timed(() => answers.forEach(([task, calls]) => evaluator.scoreTask(task, calls, null)));
    lines.push(`score 10× ${scorer.padEnd(5)} ${answers.length} results ${ms.toFixed(0).padStart(6)} ms  ${((1000 * ms) / answers.length).toFixed(0)} µs/result  ${Math.round((answers.length * 1000) / ms)} results/s`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}
