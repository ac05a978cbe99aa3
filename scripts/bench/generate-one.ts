// One measured generation in its own process (so peak memory is this generation's alone), for
// generate.bench.ts: prints one JSON line with wall and CPU time, peak RSS, the tasks made, any
// under-generation and, with --check, the independent checker's disagreements.
import { generateDataset, limitHeapGrowthForGeneration } from "@/lib/workbench/generate";
import { checkTasks } from "@/lib/workbench/generate/checker";

const [scale = "1", preset = "default", check] = process.argv.slice(2);
// As the generate command runs it (see lib/workbench/generate/heap.ts).
limitHeapGrowthForGeneration();
const startedCpu = process.cpuUsage();
const started = performance.now();
const dataset = generateDataset({ seed: 1, scale: Number(scale), preset: preset as "default" | "hard" });
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(startedCpu);
const peakRssMb = process.resourceUsage().maxRSS / 1024;
let disagreements: number | null = null;
let checkMs: number | null = null;
if (check === "--check") {
  const checkStarted = performance.now();
  const found = checkTasks(dataset.sandbox, dataset.tasks.map((task) => ({ templateId: task.template.id, text: task.text, calls: task.calls })));
  checkMs = performance.now() - checkStarted;
  disagreements = found.length;
  for (const disagreement of found.slice(0, 3)) process.stderr.write(`${JSON.stringify(disagreement)}\n`);
}
process.stdout.write(`${JSON.stringify({ tasks: dataset.tasks.length, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb, shortfall: dataset.shortfall, disagreements, checkMs })}\n`);
