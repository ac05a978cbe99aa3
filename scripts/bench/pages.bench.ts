// Page benchmark: server time and HTML size of each dashboard page at 100 runs × 690 results (with
// steps) against the same page at 1 run, measured side by side (two `next start` servers, one per
// database, requests alternating between them). Target: ratio ≤ 1.3 and ≤ 150 KiB of HTML at 100 runs.
// Wall time is the full response on loopback (HTML and RSC payload streamed to the end); CPU time is the
// server processes' own, per request, which load from other processes on the machine barely moves.
import { mkdir, writeFile } from "node:fs/promises";
import { startBenchServer } from "./bench-database";
import { ensureBenchBuild, startBenchNextServer, type BenchNextServer } from "./next-server";
import { buildPagesFixture, type PagesFixture } from "./pages-fixture";

const ROUNDS = 30;
const WARM_UP = 3;
const MAX_RATIO = 1.3;
const MAX_KIB = 150;

interface PageCase {
  readonly label: string;
  readonly path: string;
  /** Only exists at 100 runs (its size still counts). */
  readonly manyOnly?: boolean;
}

function pages(fixture: PagesFixture): PageCase[] {
  return [
    { label: "leaderboard (configurations)", path: "/leaderboard" },
    { label: "leaderboard of runs", path: "/leaderboard/runs" },
    { label: "runs list", path: "/runs" },
    { label: "run page", path: `/runs/${fixture.runId}` },
    { label: "trace page", path: `/runs/${fixture.runId}/tasks/${fixture.resultId}` },
    { label: "compare (run with itself)", path: `/runs/compare?a=${fixture.runId}&b=${fixture.runId}` },
    { label: "tasks", path: "/tasks" },
    { label: "task page (results across runs)", path: `/tasks/${fixture.taskId}` },
  ];
}

/** PAGES_BENCH_DUMP=<dir> keeps the last HTML of each page there, to see what makes a page heavy. */
const dumpDir = process.env.PAGES_BENCH_DUMP;

async function timedGet(server: BenchNextServer, path: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`);
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  if (dumpDir) {
    await mkdir(dumpDir, { recursive: true });
    await writeFile(`${dumpDir}/${path.replace(/[^a-z0-9]+/gi, "_")}.html`, Buffer.from(body));
  }
  return { ms, bytes: body.byteLength };
}

/** A figure for the table; "-" where a page has no 1-run counterpart. */
const fixed = (value: number, digits: number, width: number) => (Number.isFinite(value) && value > 0 ? value.toFixed(digits) : "-").padStart(width);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Alternates the two servers (and which goes first) so load on the machine hits both alike. */
async function measure(one: BenchNextServer | null, many: BenchNextServer, path: string) {
  for (let i = 0; i < WARM_UP; i += 1) await Promise.all([one ? timedGet(one, path) : null, timedGet(many, path)]);
  const times = { one: [] as number[], many: [] as number[] };
  const cpuBefore = { one: one?.cpuMs() ?? 0, many: many.cpuMs() };
  let bytes = { one: 0, many: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (["one", "many"] as const) : (["many", "one"] as const);
    for (const side of order) {
      if (side === "one" && !one) continue;
      const { ms, bytes: size } = await timedGet(side === "one" && one ? one : many, path);
      times[side].push(ms);
      bytes = { ...bytes, [side]: size };
    }
  }
  const cpu = { one: one ? (one.cpuMs() - cpuBefore.one) / ROUNDS : Number.NaN, many: (many.cpuMs() - cpuBefore.many) / ROUNDS };
  return { one: one ? median(times.one) : Number.NaN, many: median(times.many), cpu, bytes };
}

export async function run(): Promise<void> {
  const log = (line: string) => console.log(`pages: ${line}`);
  await ensureBenchBuild(log);
  const database = await startBenchServer();
  const servers: BenchNextServer[] = [];
  try {
    const fixture = await buildPagesFixture(database, log);
    log(`databases ready: 1 run | ${fixture.counts.runs} runs, ${fixture.counts.results} results, ${fixture.counts.steps} steps`);
    const [one, many] = await Promise.all([startBenchNextServer(fixture.oneUrl), startBenchNextServer(fixture.manyUrl)]);
    servers.push(one, many);
    const cases = [...pages(fixture), { label: "compare (two models)", path: `/runs/compare?a=${fixture.runId}&b=${fixture.otherRunId}`, manyOnly: true }];
    console.log(
      `pages: per page, the median wall time of ${ROUNDS} alternating requests per server and the server's CPU time per request ` +
        `(the ratio judged is the CPU one: wall times on a shared machine swing with others' load); targets: ratio ≤ ${MAX_RATIO}, HTML ≤ ${MAX_KIB} KiB at 100 runs`,
    );
    console.log(
      `  ${"page".padEnd(36)} ${"wall@1".padStart(9)} ${"wall@100".padStart(9)} ${"ratio".padStart(6)}  ${"cpu@1".padStart(9)} ${"cpu@100".padStart(9)} ${"ratio".padStart(6)} ${"KiB@1".padStart(7)} ${"KiB@100".padStart(8)}`,
    );
    for (const page of cases) {
      const result = await measure(page.manyOnly ? null : one, many, page.path);
      const wallRatio = result.many / result.one;
      const cpuRatio = result.cpu.many / result.cpu.one;
      const kib = { one: result.bytes.one / 1024, many: result.bytes.many / 1024 };
      const ok = (page.manyOnly || cpuRatio <= MAX_RATIO) && kib.many <= MAX_KIB;
      console.log(
        `  ${page.label.padEnd(36)} ${fixed(result.one, 1, 6)} ms ${fixed(result.many, 1, 6)} ms ${fixed(wallRatio, 2, 6)}  ` +
          `${fixed(result.cpu.one, 1, 6)} ms ${fixed(result.cpu.many, 1, 6)} ms ${fixed(cpuRatio, 2, 6)} ` +
          `${fixed(kib.one, 0, 7)} ${fixed(kib.many, 0, 8)}  [${ok ? "OK" : "over target"}]`,
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.stop();
  }
}

// Standalone: `npx tsx scripts/bench/pages.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
