// Cost estimation of the paper's recorded runs (`npm run bench -- cost-estimate`): the estimate every
// 2024 run gets at import (lib/costs), computed for all of v1/data/results without a database, twice in
// one process: with the plain encoders (each prompt part encoded whole, as before the counters remembered
// parts) and with the counters the import uses. Prints the CPU time of each (user + system) beside the
// wall time, their ratio, and whether the two estimates are identical. COST_BENCH_OUT=<file> writes the
// estimates as JSON, to compare two versions of the code token for token.
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { estimateRecordedRun, type RecordedTaskRow } from "@/lib/costs/estimate-recorded-run";
import { loadPlainTokenizer, loadTokenizer } from "@/lib/costs/tokenizers";
import { listResultFiles } from "@/lib/runs/import/list-result-files";
import { DATA_DIR } from "@/lib/test-support/db";
import { DOMAINS } from "@/lib/workbench/datasets/types";
import { loadTasks, resolveDataRoot } from "@/lib/workbench/datasets";
import { loadRecordedResultsFile, parseResultsFileName } from "@/lib/workbench/results/load";

export async function run(): Promise<void> {
  const root = resolveDataRoot(DATA_DIR);
  const tasks = (await Promise.all(DOMAINS.map((domain) => loadTasks(root, "v1", domain)))).flat();
  // Rows name their task by query text, as the import matches them (lib/runs/import/match-tasks.ts).
  const toolkitsByText = new Map(tasks.map((task) => [`${task.domain}\n${task.text}`, task.toolkits]));
  const groups = new Map<string, RecordedTaskRow[]>();
  for (const file of await listResultFiles(path.join(root, "v1", "data", "results"))) {
    const name = parseResultsFileName(file.path)!;
    const rows = (await loadRecordedResultsFile(file.path, file.domain)).map((row) => ({ row, toolkits: toolkitsByText.get(`${row.domain}\n${row.query}`) ?? [] }));
    // Parse every trace now: the bench times estimation, not CSV reading.
    for (const { row } of rows) void row.steps;
    const key = `${name.model}_${name.toolSet}`;
    groups.set(key, [...(groups.get(key) ?? []), ...rows]);
  }
  const runs = [...groups].sort(([a], [b]) => a.localeCompare(b));
  const estimateAll = async (loadCounter: typeof loadTokenizer) => {
    const estimates: Record<string, unknown> = {};
    // Each tokenizer loaded before the clock starts: decoding a vocabulary is not counting.
    for (const id of ["cl100k_base", "claude-2", "llama-2", "mistral"] as const) await loadCounter(id);
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    for (const [key, rows] of runs) {
      const split = key.lastIndexOf("_");
      estimates[key] = await estimateRecordedRun(key.slice(0, split), key.slice(split + 1), rows, { loadCounter });
    }
    const cpu = process.cpuUsage(cpuBefore);
    return { estimates, cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - wallBefore };
  };
  const plain = await estimateAll(loadPlainTokenizer);
  const remembered = await estimateAll(loadTokenizer);
  const identical = JSON.stringify(plain.estimates) === JSON.stringify(remembered.estimates);
  const line = (label: string, pass: { cpuMs: number; wallMs: number }) => `  ${label}: CPU ${pass.cpuMs.toFixed(0)} ms, wall ${pass.wallMs.toFixed(0)} ms`;
  console.log(`${runs.length} recorded runs, ${Object.values(remembered.estimates).filter(Boolean).length} priced (load ${os.loadavg().map((load) => load.toFixed(2)).join(" ")})`);
  console.log(line("plain encoders     ", plain));
  console.log(line("remembered parts   ", remembered));
  console.log(`  CPU ratio ${(plain.cpuMs / remembered.cpuMs).toFixed(1)}x; estimates identical: ${identical ? "yes" : "NO"}`);
  if (process.env.COST_BENCH_OUT) await writeFile(process.env.COST_BENCH_OUT, JSON.stringify(remembered.estimates, null, 1));
  if (!identical) throw new Error("the remembering counters changed an estimate");
}
