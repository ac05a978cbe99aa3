// package-lock.json is complete for every platform: each package's dependencies, optional ones included
// (the macOS/Windows/wasm builds of @next/swc, @tailwindcss/oxide, esbuild...), have an entry, found the
// way Node resolves them (the nearest node_modules going up). npm on Linux adds missing foreign-platform
// entries to the lock, so a lock without them is rewritten by every `npm install` and `npm ci` elsewhere
// may install a package without its native binary. .ci/run also checks that npm install leaves it as is.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

type LockEntry = {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
};

const ROOT = path.resolve(import.meta.dirname, "..");
const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The lock key Node would load `name` from, required by the package at `from` ("" is the root). */
function resolveIn(packages: Record<string, LockEntry>, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return null;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent < 0 ? "" : dir.slice(0, parent);
  }
}

/** Every declared dependency without an entry, as "<package> -> <dependency>". */
function missingEntries(packages: Record<string, LockEntry>): string[] {
  const missing: string[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    const declared = { ...entry.dependencies, ...entry.optionalDependencies, ...(key === "" ? entry.devDependencies : {}) };
    for (const name of Object.keys(declared)) if (!resolveIn(packages, key, name)) missing.push(`${key || "(root)"} -> ${name}`);
  }
  return missing;
}

describe("package-lock.json", () => {
  test("is a lockfileVersion 3 lock (what npm 9+ writes)", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  test("has an entry for every dependency of every package, other platforms' optional ones included", () => {
    expect(missingEntries(lock.packages)).toEqual([]);
  });

  test("lists the native builds of every platform for next and tailwind, not only this one", () => {
    for (const name of ["@next/swc-darwin-arm64", "@next/swc-win32-x64-msvc", "@tailwindcss/oxide-darwin-arm64", "@tailwindcss/oxide-win32-x64-msvc"]) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    }
  });

  test("pins what package.json pins", () => {
    for (const [name, spec] of Object.entries({ ...packageJson.dependencies, ...packageJson.devDependencies })) {
      // An alias (`npm:<package>@<version>`) installs that package under the alias's name: the lock records its version.
      const version = spec.startsWith("npm:") ? spec.slice(spec.lastIndexOf("@") + 1) : spec;
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
  });

  test("the completeness check finds a missing optional entry (it can fail)", () => {
    const packages = structuredClone(lock.packages);
    delete packages["node_modules/@next/swc-darwin-arm64"];
    expect(missingEntries(packages)).toEqual(["node_modules/next -> @next/swc-darwin-arm64"]);
  });
});
