#!/usr/bin/env tsx
// `npm run bench`: runs every scripts/bench/*.bench.ts in turn. Each exports
// `run(): Promise<void>` and prints its own figures.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = path.join(import.meta.dirname, "bench");
const only = process.argv.slice(2);
const files = (await readdir(dir)).filter((file) => file.endsWith(".bench.ts") && (only.length === 0 || only.some((name) => file.includes(name)))).sort();
if (files.length === 0) throw new Error(`no benchmark in ${dir}${only.length ? ` matching ${only.join(", ")}` : ""}`);

for (const file of files) {
  const module: unknown = await import(pathToFileURL(path.join(dir, file)).href);
  const run = (module as { run?: unknown }).run;
  if (typeof run !== "function") throw new Error(`${file} must export run(): Promise<void>`);
  process.stdout.write(`\n== ${file}\n`);
  const started = performance.now();
  await (run as () => Promise<void>)();
  process.stdout.write(`(${file}: ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
}
