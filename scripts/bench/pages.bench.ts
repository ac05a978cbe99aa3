// Page benchmark: what each dashboard page costs at 1,000 runs × 690 results (with steps, 64
// configurations) against the same page at 1 run, side by side (two `next start` servers, one per
// database, requests alternating between them), and its HTML size. Targets: ratio ≤ 1.3 and ≤ 150 KiB
// of HTML at 1,000 runs.
// Cost is CPU time: the Next server's processes plus PostgreSQL's backends serving that server's
// database (read from /proc before and after, by pid from pg_stat_activity), since the work a page
// asks of the database is part of its price and wall times on a shared machine swing with others' load.
// Wall time (full response on loopback) is printed beside it.
//   cold: the first request of each page after both servers started fresh (new processes, new database
//         connections), repeated over COLD_STARTS restarts; the median is shown.
//   warm: after one request, the median wall and the mean CPU of WARM_ROUNDS alternating requests.
// The configuration pages (board, one configuration, export) show one row per configuration: at 1 run
// there is 1, at 1,000 runs 64. Their cost is judged against a third database holding the same 64
// configurations with one run each (1,000 ÷ 64 runs: what growing history costs); 1,000 ÷ 1 is printed too.
// So are the runs board and the runs list, for another reason: they show a page of 15 and 50 runs, and at
// 1 run that page holds one row; at 64 runs it is full, as at 1,000, so 1,000 ÷ 64 is the cost of history alone.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import pg from "pg";
import { poolConfigFromUrl, withDatabase } from "../db/connection";
import { startBenchServer } from "./bench-database";
import { cpuMsOfPids, ensureBenchBuild, startBenchNextServer, type BenchNextServer } from "./next-server";
import { buildPagesFixture, CONFIG_RUNS, MANY_RUNS, type PagesFixture } from "./pages-fixture";

const WARM_ROUNDS = 20;
const COLD_STARTS = 3;
const MAX_RATIO = 1.3;
const MAX_KIB = 150;
/** A static file: waiting for it to be served warms no page and opens no database connection. */
const PROBE = "/logo.svg";

interface PageCase {
  readonly label: string;
  readonly path: string;
  /** Only exists in the "many" database (its size still counts). */
  readonly manyOnly?: boolean;
  /**
   * Judged against the "configs" database (the same 64 configurations, 1 run each) because at 1 run the
   * page shows fewer rows than at 1,000 for a reason other than history; says which.
   */
  readonly judgedAt64?: string;
}

function pages(fixture: PagesFixture): PageCase[] {
  return [
    { label: "leaderboard (configurations)", path: "/leaderboard", judgedAt64: "1 vs 64 configurations" },
    { label: "configuration page", path: `/leaderboard/configurations/${fixture.configParam}`, judgedAt64: "1 vs 64 configurations" },
    { label: "leaderboard of runs", path: "/leaderboard/runs", judgedAt64: "a page of 1 vs 15 runs" },
    { label: "leaderboard export (csv)", path: "/leaderboard/export?format=csv", judgedAt64: "1 vs 64 configurations" },
    { label: "runs list", path: "/runs", judgedAt64: "a page of 1 vs 50 runs" },
    { label: "run page", path: `/runs/${fixture.runId}` },
    { label: "trace page", path: `/runs/${fixture.runId}/tasks/${fixture.resultId}` },
    { label: "compare (run with itself)", path: `/runs/compare?a=${fixture.runId}&b=${fixture.runId}` },
    { label: "tasks", path: "/tasks" },
    { label: "task page (results across runs)", path: `/tasks/${fixture.taskId}` },
    { label: "compare (two models)", path: `/runs/compare?a=${fixture.runId}&b=${fixture.otherRunId}`, manyOnly: true },
  ];
}

/** PAGES_BENCH_DUMP=<dir> keeps the last HTML of each page there (per database), to see what makes a page heavy. */
const dumpDir = process.env.PAGES_BENCH_DUMP;

/** One side of the comparison: a Next server and the database it reads. */
interface Side {
  readonly server: BenchNextServer;
  readonly database: string;
}

/** CPU of PostgreSQL's backends connected to `database` (the bench's own session is on another database). */
async function postgresCpuMs(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [database]);
  return cpuMsOfPids(rows.map((row) => row.pid));
}

interface Sample {
  readonly wallMs: number;
  readonly nextCpuMs: number;
  readonly pgCpuMs: number;
  readonly bytes: number;
}

async function timedGet(side: Side, admin: pg.Client, path: string, requests = 1): Promise<Sample & { walls: number[] }> {
  const next0 = side.server.cpuMs();
  const pg0 = await postgresCpuMs(admin, side.database);
  const walls: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const response = await fetch(`${side.server.url}${path}`);
    const body = await response.arrayBuffer();
    walls.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    bytes = body.byteLength;
    if (dumpDir && i === requests - 1) {
      await mkdir(dumpDir, { recursive: true });
      await writeFile(`${dumpDir}/${side.database}${path.replace(/[^a-z0-9]+/gi, "_")}.html`, Buffer.from(body));
    }
  }
  // Backends that connected during the requests started from 0; the pool keeps them, so none is lost.
  const pg1 = await postgresCpuMs(admin, side.database);
  return { wallMs: median(walls), walls, nextCpuMs: (side.server.cpuMs() - next0) / requests, pgCpuMs: (pg1 - pg0) / requests, bytes };
}

const median = (values: readonly number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A figure for the table; "-" where a page has no 1-run counterpart. */
const fixed = (value: number, digits: number, width: number) => (Number.isFinite(value) && value >= 0 ? value.toFixed(digits) : "-").padStart(width);

interface Figures {
  wall: number;
  next: number;
  pg: number;
}
const cpu = (figures: Figures) => figures.next + figures.pg;

function medianFigures(samples: readonly Sample[]): Figures {
  return { wall: median(samples.map((s) => s.wallMs)), next: median(samples.map((s) => s.nextCpuMs)), pg: median(samples.map((s) => s.pgCpuMs)) };
}

type SideName = "one" | "configs" | "many";
type Sides = Record<SideName, Side>;

async function startSides(fixture: PagesFixture): Promise<Sides> {
  const [one, configs, many] = await Promise.all([
    startBenchNextServer(fixture.oneUrl, undefined, PROBE), startBenchNextServer(fixture.configsUrl, undefined, PROBE), startBenchNextServer(fixture.manyUrl, undefined, PROBE),
  ]);
  return {
    one: { server: one, database: fixture.oneDatabase },
    configs: { server: configs, database: fixture.configsDatabase },
    many: { server: many, database: fixture.manyDatabase },
  };
}

/** The sides a page is measured on, in an order that alternates with `round`. */
function sidesOf(page: PageCase, round: number): SideName[] {
  const names: SideName[] = page.manyOnly ? ["many"] : page.judgedAt64 ? ["one", "configs", "many"] : ["one", "many"];
  return round % 2 === 0 ? names : [...names].reverse();
}

const machineLoad = () => `load average ${os.loadavg().map((value) => value.toFixed(2)).join(", ")} (${os.cpus().length} cores)`;

export async function run(): Promise<void> {
  const log = (line: string) => console.log(`pages: ${line}`);
  await ensureBenchBuild(log);
  const database = await startBenchServer();
  let sides: Sides | null = null;
  const stopSides = async () => {
    const running = sides as Sides | null;
    if (running) await Promise.all(Object.values(running).map((side) => side.server.stop()));
    sides = null;
  };
  try {
    const fixture = await buildPagesFixture(database, log);
    log(
      `databases ready: 1 run | ${fixture.counts.runs} runs of ${fixture.counts.configurations} configurations, ` +
        `${fixture.counts.results} results, ${fixture.counts.steps} steps`,
    );
    const admin = new pg.Client(poolConfigFromUrl(withDatabase(fixture.manyUrl, "postgres")));
    await admin.connect();
    try {
      const cases = pages(fixture);
      const cold = new Map<string, Record<SideName, Sample[]>>(cases.map((page) => [page.path, { one: [], configs: [], many: [] }]));
      for (let start = 0; start < COLD_STARTS; start += 1) {
        const running = await startSides(fixture);
        sides = running;
        for (const page of cases) {
          for (const side of sidesOf(page, start)) cold.get(page.path)![side].push(await timedGet(running[side], admin, page.path));
        }
        await stopSides();
      }
      log(`cold: ${COLD_STARTS} fresh starts measured; ${machineLoad()}`);

      const running = await startSides(fixture);
      sides = running;
      const warm = new Map<string, { figures: Record<SideName, Figures>; bytes: Record<SideName, number> }>();
      for (const page of cases) {
        // One request each first (compiles the route, fills the connection pool), then alternating batches of 1.
        const samples: Record<SideName, Sample[]> = { one: [], configs: [], many: [] };
        for (const side of sidesOf(page, 0)) await timedGet(running[side], admin, page.path);
        for (let round = 0; round < WARM_ROUNDS; round += 1) {
          for (const side of sidesOf(page, round)) samples[side].push(await timedGet(running[side], admin, page.path));
        }
        const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN);
        // CPU per request: the mean (10 ms ticks make single requests coarse); wall: the median.
        const figures = (list: Sample[]): Figures => ({ wall: median(list.map((s) => s.wallMs)), next: mean(list.map((s) => s.nextCpuMs)), pg: mean(list.map((s) => s.pgCpuMs)) });
        const bytes = (list: Sample[]) => list.at(-1)?.bytes ?? Number.NaN;
        warm.set(page.path, {
          figures: { one: figures(samples.one), configs: figures(samples.configs), many: figures(samples.many) },
          bytes: { one: bytes(samples.one), configs: bytes(samples.configs), many: bytes(samples.many) },
        });
      }
      log(`warm: ${WARM_ROUNDS} alternating requests per page and server; ${machineLoad()}`);

      console.log(
        `pages: cost of each page at ${MANY_RUNS} runs ÷ at 1 run. cpu = Next server + PostgreSQL backends (pg part shown), ms per request; ` +
          `cold = median of ${COLD_STARTS} first requests after fresh starts; warm = mean of ${WARM_ROUNDS}. The ratio judged is the cpu one. ` +
          `Targets: ratio ≤ ${MAX_RATIO} cold and warm, HTML ≤ ${MAX_KIB} KiB at ${MANY_RUNS} runs.`,
      );
      const header = (label: string) =>
        `  ${label.padEnd(34)} ${"wall@1".padStart(8)} ${`wall@${MANY_RUNS}`.padStart(10)} ${"ratio".padStart(6)}  ${"cpu@1".padStart(7)} ${"(pg)".padStart(6)} ${`cpu@${MANY_RUNS}`.padStart(9)} ${"(pg)".padStart(6)} ${"ratio".padStart(6)}`;
      const line = (label: string, one: Figures, many: Figures, extra: string) =>
        `  ${label.padEnd(34)} ${fixed(one.wall, 1, 8)} ${fixed(many.wall, 1, 10)} ${fixed(many.wall / one.wall, 2, 6)}  ` +
        `${fixed(cpu(one), 0, 7)} ${fixed(one.pg, 0, 6)} ${fixed(cpu(many), 0, 9)} ${fixed(many.pg, 0, 6)} ${fixed(cpu(many) / cpu(one), 2, 6)}${extra}`;
      let failures = 0;
      for (const phase of ["cold", "warm"] as const) {
        const figuresOf = (page: PageCase, side: SideName) => (phase === "cold" ? medianFigures(cold.get(page.path)![side]) : warm.get(page.path)!.figures[side]);
        console.log(`${phase}, ${MANY_RUNS} runs ÷ 1 run:`);
        console.log(phase === "warm" ? `${header("page")} ${"KiB@1".padStart(7)} ${`KiB@${MANY_RUNS}`.padStart(9)}` : header("page"));
        for (const page of cases) {
          const one = figuresOf(page, "one");
          const many = figuresOf(page, "many");
          const ratio = cpu(many) / cpu(one);
          const bytes = warm.get(page.path)!.bytes;
          const kib = { one: bytes.one / 1024, many: bytes.many / 1024 };
          // Configuration pages are judged on the ratio below (same configurations); their size here.
          const ok = (page.manyOnly || page.judgedAt64 || ratio <= MAX_RATIO) && (phase === "cold" || kib.many <= MAX_KIB);
          if (!ok) failures += 1;
          const sizes = phase === "warm" ? ` ${fixed(kib.one, 0, 7)} ${fixed(kib.many, 0, 9)}` : "";
          const verdict = page.judgedAt64 && ok ? `${page.judgedAt64}: judged below` : ok ? "OK" : "over target";
          console.log(line(page.label, one, many, `${sizes}  [${verdict}]`));
        }
        console.log(`${phase}, judged at ${CONFIG_RUNS} runs (the same ${CONFIG_RUNS} configurations, 1 run each; every page of a list full): ${MANY_RUNS} runs ÷ ${CONFIG_RUNS} runs:`);
        console.log(header("page").replace("wall@1 ", `wall@${CONFIG_RUNS}`).replace("  cpu@1", ` cpu@${CONFIG_RUNS}`));
        for (const page of cases.filter((candidate) => candidate.judgedAt64)) {
          const base = figuresOf(page, "configs");
          const many = figuresOf(page, "many");
          const ok = cpu(many) / cpu(base) <= MAX_RATIO;
          if (!ok) failures += 1;
          console.log(line(page.label, base, many, `  [${ok ? "OK" : "over target"}]`));
        }
      }
      console.log(`pages: ${failures === 0 ? "every page within target" : `${failures} figure(s) over target`}; ${machineLoad()}`);
    } finally {
      await admin.end();
    }
  } finally {
    await stopSides();
    await database.stop();
  }
}

// Standalone: `npx tsx scripts/bench/pages.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
