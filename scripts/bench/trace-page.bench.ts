// Trace page weight: the HTML of /runs/[id]/tasks/[resultId] served by `next start`, for
//  - a 20-step trace with realistic payloads (trace-page-fixture.ts: a ReAct run whose searches return
//    full emails, written through the step store): every step on the page, ≤ 100 KiB of HTML;
//  - the paper's longest recorded gpt-4 trace (41 steps of task updates, imported as `npm run
//    import-results` does): its first page of 20 steps, ≤ 100 KiB too (148.4 KiB at 8 steps before).
// Also prints how much of each page is the inlined RSC payload, and the size, wall and server CPU time
// of fetching one folded observation whole through the step route (what opening it costs). Sizes do
// not depend on the machine's load; the times are printed with CPU beside wall and the load average.
import path from "node:path";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { createPrismaClient } from "@/lib/db";
import { DATA_DIR } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { startBenchServer } from "./bench-database";
import { ensureBenchBuild, startBenchNextServer, type BenchNextServer } from "./next-server";
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

async function get(server: BenchNextServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return body;
}

/** Prints one page's weight; true when it is within the target with `expectedSteps` on it. */
async function weigh(server: BenchNextServer, label: string, page: string, expectedSteps: number): Promise<boolean> {
  const html = await get(server, page);
  const shown = new Set([...html.matchAll(/<li id="step-(\d+)"/g)].map((match) => match[1])).size;
  const bytes = Buffer.byteLength(html);
  const ok = bytes / 1024 <= MAX_KIB && shown === expectedSteps;
  console.log(
    `  ${label.padEnd(52)} ${String(shown).padStart(3)} steps shown ${kib(bytes).padStart(7)} KiB  (RSC payload ${kib(inlinedRscBytes(html)).padStart(5)} KiB)  [${ok ? "OK" : "over target"}]`,
  );
  return ok;
}

/** The paper's recorded runs, imported; the id of gpt-4's longest trace (the one issue 22 measured). */
async function importLongestRecorded(url: string): Promise<{ runId: string; resultId: string; steps: number }> {
  const db = createPrismaClient(url);
  try {
    await importRecordedResults(db, { resultsPath: path.join(DATA_DIR, "v1/data/results"), groundTruth: "v1" });
  } finally {
    await db.$disconnect();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ runId: string; resultId: string; steps: number }>(
      `SELECT r."runId", r.id AS "resultId", count(*)::int AS steps FROM "TaskResult" r JOIN "Step" s ON s."resultId" = r.id
        WHERE r."runId" = (SELECT id FROM "Run" WHERE name LIKE 'gpt-4 · all%' ORDER BY id LIMIT 1)
        GROUP BY r."runId", r.id ORDER BY count(*) DESC, r.id LIMIT 1`,
    );
    if (!rows[0]) throw new Error("trace-page bench: the recorded gpt-4 run was not imported");
    return rows[0];
  } finally {
    await client.end();
  }
}

export async function run(): Promise<void> {
  const log = (line: string) => console.log(`trace-page: ${line}`);
  await ensureBenchBuild(log);
  const database = await startBenchServer();
  try {
    const url = await database.urlFor("bench_trace_page");
    const seeded = await seedLongTrace(url, "bench");
    const recorded = await importLongestRecorded(url);
    log(`seeded a ${seeded.steps}-step trace (task ${seeded.taskKey}, longest observation ${seeded.longest.observation.length} characters); imported the recorded runs`);
    const server = await startBenchNextServer(url);
    try {
      log(`load ${loadavg().map((value) => value.toFixed(2)).join(" ")} on ${cpus().length} cores; target ≤ ${MAX_KIB} KiB of HTML for 20 steps`);
      await weigh(server, `${seeded.steps}-step fixture trace (searches of full emails)`, `/runs/${seeded.runId}/tasks/${seeded.resultId}`, seeded.steps);
      await weigh(server, `recorded gpt-4 trace of ${recorded.steps} steps, first page`, `/runs/${recorded.runId}/tasks/${recorded.resultId}`, Math.min(20, recorded.steps));

      const payload = `/runs/${seeded.runId}/tasks/${seeded.resultId}/steps/${seeded.longest.index}`;
      await get(server, payload); // warm
      const cpuBefore = server.cpuMs();
      const started = performance.now();
      let bytes = 0;
      for (let round = 0; round < ROUNDS; round += 1) bytes = Buffer.byteLength(await get(server, payload));
      const wall = (performance.now() - started) / ROUNDS;
      const cpu = (server.cpuMs() - cpuBefore) / ROUNDS;
      log(`opening a folded observation (step route): ${kib(bytes)} KiB, ${wall.toFixed(1)} ms wall, ${cpu.toFixed(1)} ms server CPU per request (mean of ${ROUNDS})`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.stop();
  }
}

// Standalone: `npx tsx scripts/bench/trace-page.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
