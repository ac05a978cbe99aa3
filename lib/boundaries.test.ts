// The import rules of docs/architecture.md, as a test: it reads every TypeScript file's imports and
// fails naming the file and the import that crosses a boundary.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The engine's layers, lowest first. A layer imports only from layers below it (and from itself); the
 * top layer's folders are independent of each other. Tests and test-support may use any layer; only
 * tests use test-support.
 */
export const ENGINE_LAYERS: readonly (readonly string[])[] = [
  ["core"], // what every layer shares: the error base, the toolkit names, the v1 error wording
  ["sandbox"], // tables, states, diffs
  ["calls"], // call strings and Python literals
  ["datasets"], // the official files: tasks, sandbox data, toolkits
  ["tools"], // the 27 tools and their rules per protocol
  ["evaluate"], // the evaluator: replay, compare, diagnose, tally
  ["protocols"], // which tools, call dialect and comparison rules each harness scores with
  ["agents", "analysis", "generate", "results"], // users of the above, independent of each other
];

/**
 * lib's folders, lowest first: a folder imports only from folders of lower layers (and from itself);
 * folders of one layer are independent of each other. The modules directly in lib/ (env, errors, db, ...)
 * are the base every folder may use; test-support is for tests only, which may use any folder.
 */
export const LIB_LAYERS: readonly (readonly string[])[] = [
  ["workbench"], // the benchmark engine
  ["settings", "mock-provider", "costs", "datasets", "auth"], // a run's settings; the scripted model; prices and estimates; dataset import; sign-in
  ["providers", "metrics", "security"], // model endpoints; pure figures; CSP, bind address, secrets
  ["traces"], // the Step row and the trace inspector's view of it
  ["interop"], // other tools' formats: Inspect, OpenTelemetry, the WorkBench results files
  ["runs"], // orchestration: launch, queue, workers, verdicts, imports of recorded runs
  ["external-runs", "queries"], // external agents over MCP; the pages' reads
];

/** External runs (claim, finish, push, the deadline sweep; lib/mcp before issue 18). */
const EXTERNAL_RUNS = ["lib/external-runs/"];

/** Packages the engine must not import: it runs in Next, the CLI, workers and tests alike. */
const FRAMEWORK_PACKAGES = /^(next|react|react-dom|server-only|pg|@prisma\/[^/]+|@\/lib\/generated)(\/|$)/;

interface ImportEdge {
  readonly from: string;
  /** Repo-relative target for local imports (without extension), the package name otherwise. */
  readonly to: string;
  readonly local: boolean;
}

const IMPORT_PATTERN = /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

/** The imports of one file's source (static, re-exports, dynamic with a literal, side-effect). */
export function importsOf(file: string, source: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier) continue;
    if (specifier.startsWith("@/")) edges.push({ from: file, to: specifier.slice(2), local: true });
    else if (specifier.startsWith(".")) edges.push({ from: file, to: path.posix.join(path.posix.dirname(file), specifier), local: true });
    else edges.push({ from: file, to: specifier, local: false });
  }
  return edges;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "generated" && entry.name !== "fixtures") out.push(...sourceFiles(relative));
    } else if (/\.(tsx?|mjs)$/.test(entry.name)) out.push(relative);
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes("/test-support/") || /test-support\.ts$/.test(file);
const engineFolder = (file: string) => (file.startsWith("lib/workbench/") ? (file.split("/")[2] ?? "") : null);
const layerOf = (folder: string) => ENGINE_LAYERS.findIndex((layer) => layer.includes(folder));
/** The lib folder of a repo-relative path (`runs` for lib/runs/x), null for lib's own modules and other trees. */
const libFolder = (file: string) => (/^lib\/[^/]+\//.test(file) ? (file.split("/")[1] ?? null) : null);
const libLayerOf = (folder: string) => LIB_LAYERS.findIndex((layer) => layer.includes(folder));

/** Every rule broken by these edges, one line each. */
export function violations(edges: readonly ImportEdge[]): string[] {
  const found: string[] = [];
  for (const edge of edges) {
    const { from, to } = edge;
    const line = (rule: string) => found.push(`${from} imports ${to}: ${rule}`);
    const fromEngine = engineFolder(from);
    if (fromEngine !== null) {
      if (!edge.local && FRAMEWORK_PACKAGES.test(to)) line("the engine imports no framework, database or server-only package");
      if (edge.local && engineFolder(to) === null) line("the engine imports nothing outside lib/workbench");
      const toEngine = edge.local ? engineFolder(to) : null;
      if (toEngine !== null && toEngine !== fromEngine) {
        if (toEngine === "test-support" && !isTest(from)) line("only tests use test-support");
        const [fromLayer, toLayer] = [layerOf(fromEngine), layerOf(toEngine)];
        // Tests may check a layer through the ones above it (conformance scores through protocols).
        if (!isTest(from) && toEngine !== "test-support") {
          if (fromLayer < 0 || toLayer < 0) line(`every engine folder has a layer in ENGINE_LAYERS (${fromLayer < 0 ? fromEngine : toEngine} has none)`);
          else if (toLayer >= fromLayer) line(`engine layers import downwards only (${fromEngine} → ${toEngine})`);
        }
      }
    }
    const [fromLib, toLib] = [libFolder(from), edge.local ? libFolder(to) : null];
    if (fromLib && toLib && fromLib !== toLib && !isTest(from) && fromLib !== "generated" && toLib !== "generated") {
      const [fromLayer, toLayer] = [libLayerOf(fromLib), libLayerOf(toLib)];
      if (toLib === "test-support") line("only tests use test-support");
      else if (fromLayer < 0 || toLayer < 0) line(`every lib folder has a layer in LIB_LAYERS (${fromLayer < 0 ? fromLib : toLib} has none)`);
      else if (toLayer >= fromLayer) line(`lib folders import downwards only (${fromLib} → ${toLib})`);
    }
    // Tests of lib may drive a server action; lib's code never imports the app.
    if (from.startsWith("lib/") && !isTest(from) && edge.local && /^(app|components)\//.test(to)) line("lib never imports app/ or components/");
    // scripts/ are the entry points (CLI, worker, start, benches): they build on lib, never the other way
    // round (a lib test may seed through a script's fixture), and they run without Next's app.
    if (edge.local && to.startsWith("scripts/") && !from.startsWith("scripts/") && !(from.startsWith("lib/") && isTest(from))) {
      line("only scripts (and lib's tests) import scripts/: lib, app and components never do");
    }
    if (from.startsWith("scripts/") && edge.local && /^(app|components)\//.test(to)) line("scripts never import app/ or components/");
    if (from.startsWith("lib/runs/") && !isTest(from) && edge.local && EXTERNAL_RUNS.some((folder) => `${to}/`.startsWith(folder))) {
      line("runs (orchestration) do not import external runs; external runs build on runs");
    }
  }
  return found;
}

describe("import boundaries", () => {
  const files = [...sourceFiles("lib"), ...sourceFiles("app"), ...sourceFiles("components"), ...sourceFiles("scripts")];
  const edges = files.flatMap((file) => importsOf(file, readFileSync(path.join(REPO_ROOT, file), "utf8")));

  test("the scan sees the code base (files and imports of every kind)", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({ from: "lib/runs/worker.ts", to: "lib/runs/claim", local: true });
    expect(edges).toContainEqual({ from: "lib/workbench/evaluate/evaluator.ts", to: "lib/workbench/sandbox/diff", local: true });
    expect(edges).toContainEqual({ from: "scripts/worker.ts", to: "scripts/db/database-session", local: true });
    expect(edges).toContainEqual({ from: "scripts/worker.ts", to: "lib/node-version-check", local: true });
  });

  test("no file crosses a boundary", () => {
    expect(violations(edges)).toEqual([]);
  });

  test("lib reads the environment only through lib/env.ts (the engine not at all); tests and their helpers may", () => {
    const readers = files.filter((file) => file.startsWith("lib/") && !isTest(file) && /\bprocess\.env\b/.test(readFileSync(path.join(REPO_ROOT, file), "utf8")));
    // lib/db.ts reads NODE_ENV, the framework's own variable, not a setting of ours.
    expect(readers.sort()).toEqual(["lib/db.ts", "lib/env.ts"]);
  });

  test.each([
    ["lib/workbench/agents/model-turn.ts", "../../providers/models", "the engine imports nothing outside lib/workbench"],
    ["lib/workbench/tools/x.ts", "next/server", "no framework"],
    ["lib/workbench/sandbox/sandbox.ts", "../tools/types", "downwards only (sandbox → tools)"],
    ["lib/workbench/evaluate/index.ts", "../protocols", "downwards only (evaluate → protocols)"],
    ["lib/workbench/agents/a.ts", "../results/load", "downwards only (agents → results)"],
    ["lib/workbench/tools/index.ts", "../test-support/real-sandbox", "only tests use test-support"],
    ["lib/queries/runs.ts", "@/components/runs/run-table", "lib never imports app/ or components/"],
    ["lib/metrics/config-table.ts", "@/lib/runs/run-outcome", "lib folders import downwards only (metrics → runs)"],
    ["lib/interop/workbench-2026.ts", "@/lib/runs/run-settings", "lib folders import downwards only (interop → runs)"],
    ["lib/datasets/x.ts", "@/lib/runs/import/import-results", "lib folders import downwards only (datasets → runs)"],
    ["lib/mock-provider/harness.ts", "../providers/models", "lib folders import downwards only (mock-provider → providers)"],
    ["lib/queries/runs.ts", "@/lib/external-runs/claim", "lib folders import downwards only (queries → external-runs)"],
    ["lib/runs/x.ts", "@/lib/test-support/db", "only tests use test-support"],
    ["lib/newfolder/x.ts", "@/lib/runs/launch", "every lib folder has a layer in LIB_LAYERS (newfolder has none)"],
    ["lib/runs/launch.ts", "@/lib/external-runs/push", "runs (orchestration) do not import external runs"],
    ["lib/runs/launch.ts", "@/lib/external-runs/tokens", "runs (orchestration) do not import external runs"],
    ["lib/runs/launch.ts", "@/scripts/commands/run", "lib, app and components never do"],
    ["app/runs/actions.ts", "../../scripts/starter-data", "lib, app and components never do"],
    ["components/runs/run-table.tsx", "@/scripts/bench/trace-page-fixture", "lib, app and components never do"],
    ["scripts/commands/runs.ts", "@/components/runs/run-table", "scripts never import app/ or components/"],
    ["scripts/start.ts", "../app/layout", "scripts never import app/ or components/"],
  ])("catches %s importing %s", (file, specifier, rule) => {
    const found = violations(importsOf(file, `import { x } from "${specifier}";`));
    expect(found.join("\n")).toContain(rule);
  });

  test.each([
    ["lib/workbench/tools/index.ts", "../sandbox/types"],
    ["lib/workbench/tools/calendar.test.ts", "../test-support/fixture-sandbox"],
    ["lib/external-runs/claim.ts", "@/lib/runs/sql"],
    ["lib/runs/worker.ts", "@/lib/interop/otel/trace-result"],
    ["lib/runs/import/import-inspect.ts", "@/lib/interop/inspect/read-samples"],
    ["lib/interop/workbench-2026.ts", "@/lib/settings/run-settings"],
    ["lib/runs/launch.ts", "@/lib/env"],
    ["lib/runs/launch.test.ts", "@/lib/test-support/db"],
    ["scripts/worker.ts", "@/lib/runs/worker"],
    ["scripts/bench/runs.bench.ts", "./trace-page-fixture"],
    ["lib/queries/step-payload.db.test.ts", "@/scripts/bench/trace-page-fixture"],
  ])("allows %s importing %s", (file, specifier) => {
    expect(violations(importsOf(file, `export { x } from "${specifier}";`))).toEqual([]);
  });
});
