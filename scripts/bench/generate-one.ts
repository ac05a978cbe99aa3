// One measured generation in its own process (so peak memory is this generation's alone), for
// generate.bench.ts: prints one JSON line with wall and CPU time, peak RSS, the tasks made, any
// under-generation and, with --check, the independent checker's disagreements. With --write the
// files are written too (streamed, to a temporary directory removed afterwards), as the generate
// command does, and the time and peak RSS include the write.
import os from "node:os";
import path from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { generateDataset, limitHeapGrowthForGeneration, resolveParams, worldScale, writeDataset } from "@/lib/workbench/generate";
import { checkTasks } from "@/lib/workbench/generate/checker";

const [scale = "1", preset = "default", ...flags] = process.argv.slice(2);
const params = resolveParams({ seed: 1, scale: Number(scale), preset: preset as "default" | "hard" });
// As the generate command runs it (see lib/workbench/generate/heap.ts).
limitHeapGrowthForGeneration(worldScale(params));
const startedCpu = process.cpuUsage();
const started = performance.now();
const dataset = generateDataset(params);
let writtenMb: number | null = null;
if (flags.includes("--write")) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wb-gen-one-"));
  try {
    const files = await writeDataset(dir, dataset);
    const { stat } = await import("node:fs/promises");
    writtenMb = (await Promise.all(files.map((file) => stat(file)))).reduce((sum, info) => sum + info.size, 0) / 1e6;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(startedCpu);
const peakRssMb = process.resourceUsage().maxRSS / 1024;
let disagreements: number | null = null;
let checkMs: number | null = null;
if (flags.includes("--check")) {
  const checkStarted = performance.now();
  const found = checkTasks(dataset.sandbox, dataset.tasks.map((task) => ({ templateId: task.template.id, text: task.text, calls: task.calls })));
  checkMs = performance.now() - checkStarted;
  disagreements = found.length;
  for (const disagreement of found.slice(0, 3)) process.stderr.write(`${JSON.stringify(disagreement)}\n`);
}
process.stdout.write(`${JSON.stringify({ tasks: dataset.tasks.length, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb, writtenMb, shortfall: dataset.shortfall, disagreements, checkMs })}\n`);
