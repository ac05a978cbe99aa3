#!/usr/bin/env node
// `npm run build:cli` (also run by `npm install` through `prepare`): compiles the CLI, the worker and
// `npm start`'s supervisor (start.mjs, with its data step start-prepare.mjs) to plain JavaScript in
// dist/ so they start with `node`, without tsx (whose loader alone costs ~40 MB per process). esbuild bundles our TypeScript
// (the "@/" alias comes from tsconfig paths); packages stay external and load from node_modules;
// dynamic imports become chunks, so a command loads only what it uses.
// A bundle has one import.meta for every module in it, so each module's import.meta.dirname / .url is
// rewritten to the path of its source file (relative to the checkout, which dist/ sits in).
// `--if-stale` builds only when a source is newer than the last build (npm start, npm run workbench /
// worker use it).
import { rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { isStale } from "./freshness.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const outdir = path.join(root, "dist");
const stamp = path.join(outdir, ".built");
const INPUTS = ["scripts", "lib", "config", "package.json", "tsconfig.json"];

if (process.argv.includes("--if-stale") && !isStale(stamp, root, INPUTS)) process.exit(0);

const BANNER = `#!/usr/bin/env node
import { fileURLToPath as __wbFileURLToPath, pathToFileURL as __wbPathToFileURL } from "node:url";
import __wbPath from "node:path";
const __wbRoot = __wbPath.resolve(__wbPath.dirname(__wbFileURLToPath(import.meta.url)), "..");
const __wbSourceDir = (relative) => __wbPath.join(__wbRoot, relative);
const __wbSourceUrl = (relative) => __wbPathToFileURL(__wbPath.join(__wbRoot, relative)).href;
globalThis.__workbenchDistDir ??= __wbPath.dirname(__wbFileURLToPath(import.meta.url));`;

/** Rewrites import.meta.dirname / import.meta.url in our sources to their original locations. */
const sourceLocations = {
  name: "source-locations",
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const relative = path.relative(root, args.path);
      const source = (await readFile(args.path, "utf8"))
        .replace(/^#!.*\n/, "") // the banner starts every output with node's hashbang
        .replaceAll("import.meta.dirname", `__wbSourceDir(${JSON.stringify(path.dirname(relative))})`)
        .replaceAll("import.meta.url", `__wbSourceUrl(${JSON.stringify(relative)})`);
      return { contents: source, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true }); // chunk names change with their content
await build({
  entryPoints: {
    workbench: path.join(root, "scripts", "workbench.ts"),
    worker: path.join(root, "scripts", "worker.ts"),
    start: path.join(root, "scripts", "start.ts"),
    "start-prepare": path.join(root, "scripts", "start-prepare.ts"),
    "score-thread": path.join(root, "lib", "workbench", "results", "score-thread.ts"),
  },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  chunkNames: "[name]-[hash]", // beside the entries: the banner finds the checkout as dist/..
  format: "esm",
  platform: "node",
  // Older than the supported Node (lib/node-version.ts) on purpose: an unsupported Node must still parse the
  // bundle far enough to print node-version-check's plain "not supported" line.
  target: "node20.19",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  banner: { js: BANNER },
  plugins: [sourceLocations],
  logLevel: "warning",
});
writeFileSync(stamp, new Date().toISOString());
// stderr: `npm run -s workbench -- mcp` runs this first, and its stdout is the MCP protocol channel.
console.error(`build:cli: dist/workbench.mjs, dist/worker.mjs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
