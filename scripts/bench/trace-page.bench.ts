// Trace page weight: the HTML of /runs/[id]/tasks/[resultId] for a 20-step trace with realistic payloads
// (trace-page-fixture.ts: a ReAct run whose searches return full emails, written through the step
// store), served by `next start`. Target: ≤ 100 KiB of HTML. Also prints how much of it is the inlined
// RSC payload, and the size and time of fetching one collapsed observation whole through the step
// route (what expanding it costs). Sizes do not depend on load; the times are printed with CPU beside.
import { cpus, loadavg } from "node:os";
import { startBenchServer } from "./bench-database";
import { ensureBenchBuild, startBenchNextServer } from "./next-server";
import { seedLongTrace } from "./trace-page-fixture";

const MAX_KIB = 100;
const ROUNDS = 10;

/** Bytes of the `self.__next_f.push(…)` scripts: the RSC payload Next inlines for hydration. */
export function inlinedRscBytes(html: string): number {
  let bytes = 0;
  for (const match of html.matchAll(/<script[^>]*>self\.__next_f\.push\([\s\S]*?<\/script>/g)) bytes += Buffer.byteLength(match[0]);
  return bytes;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

export async function run(): Promise<void> {
  const log = (line: string) => console.log(`trace-page: ${line}`);
  await ensureBenchBuild(log);
  const database = await startBenchServer();
  try {
    const url = await database.urlFor("bench_trace_page");
    const seeded = await seedLongTrace(url, "bench");
    log(`seeded ${seeded.steps} steps (task ${seeded.taskKey}); longest observation: step #${seeded.longest.index}, ${seeded.longest.observation.length} characters`);
    const server = await startBenchNextServer(url);
    try {
      const page = `/runs/${seeded.runId}/tasks/${seeded.resultId}`;
      const payload = `${page}/steps/${seeded.longest.index}`;
      const get = async (path: string) => {
        const response = await fetch(`${server.url}${path}`);
        const body = await response.text();
        if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
        return body;
      };
      const html = await get(page);
      const shownSteps = new Set([...html.matchAll(/<li id="step-(\d+)"/g)].map((match) => match[1])).size;
      const cpuBefore = server.cpuMs();
      const started = performance.now();
      let payloadBytes = 0;
      for (let round = 0; round < ROUNDS; round += 1) payloadBytes = Buffer.byteLength(await get(payload));
      const wall = (performance.now() - started) / ROUNDS;
      const cpu = (server.cpuMs() - cpuBefore) / ROUNDS;
      const bytes = Buffer.byteLength(html);
      const verdict = bytes / 1024 <= MAX_KIB && shownSteps === seeded.steps ? "OK" : "over target";
      log(`load ${loadavg().map((value) => value.toFixed(2)).join(" ")} on ${cpus().length} cores`);
      log(`trace page (${seeded.steps} steps, ${shownSteps} shown): ${kib(bytes)} KiB of HTML, of which ${kib(inlinedRscBytes(html))} KiB inlined RSC payload — target ≤ ${MAX_KIB} KiB with every step shown [${verdict}]`);
      log(`one observation whole (step route): ${kib(payloadBytes)} KiB, ${wall.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms server CPU per request (median of none: mean of ${ROUNDS})`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
  }
}

// Standalone: `npx tsx scripts/bench/trace-page.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
