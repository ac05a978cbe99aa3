// package.json's engines must agree with the dependencies: every direct dependency must admit our
// oldest supported Node, except the ones listed below with the reason we accept it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { isAtLeast, MIN_NODE, rangeAdmits } from "./node-version";

const ROOT = path.resolve(import.meta.dirname, "..");
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/**
 * Dependencies that declare a newer Node than we support, and why we accept them. AI SDK 7 declares
 * node >= 22 but needs nothing newer than Node 20 offers: the whole suite (unit, db, e2e) runs on
 * Node 20 in CI, and no AI SDK 7 release declares 20. Remove an entry when its package is replaced.
 */
const DECLARES_NEWER_BUT_RUNS_ON_20: Record<string, string> = {
  ai: "AI SDK 7: declares >=22, tested on Node 20 by the whole suite",
  "@ai-sdk/anthropic": "AI SDK 7 provider, as above",
  "@ai-sdk/openai": "AI SDK 7 provider, as above",
  "@ai-sdk/openai-compatible": "AI SDK 7 provider, as above",
  "@ai-sdk/mcp": "AI SDK 7 MCP client, as above",
};

describe("engines", () => {
  test("package.json declares >= MIN_NODE, the version the start-up check enforces", () => {
    expect(packageJson.engines.node).toBe(`>=${MIN_NODE.replace(/\.0$/, "")}`);
  });

  const dependencies = Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies });
  test.each(dependencies)("%s admits Node %s or is a listed exception", (name) => {
    const declared = JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { engines?: { node?: string } };
    const range = declared.engines?.node;
    if (!range || rangeAdmits(range, MIN_NODE)) {
      expect(DECLARES_NEWER_BUT_RUNS_ON_20[name], `${name} now admits Node ${MIN_NODE}: drop its exception`).toBeUndefined();
      return;
    }
    expect(DECLARES_NEWER_BUT_RUNS_ON_20[name], `${name} declares node ${range}, which excludes ${MIN_NODE}`).toBeDefined();
  });
});

describe("rangeAdmits", () => {
  test.each([
    [">=20.19", "20.19.0", true],
    [">=22", "20.19.0", false],
    [">=22.12.0", "22.12.0", true],
    ["^20.19.0 || ^22.13.0 || >=24.0.0", "20.19.0", true],
    ["^20.19 || ^22.12 || >=24.0", "22.11.0", false],
    ["^20.0.0 || ^22.0.0 || >=24.0.0", "23.1.0", false],
    [">= 16.0.0", "20.19.0", true],
    ["*", "18.0.0", true],
    [">=18 <20", "20.19.0", false],
    ["~20.18.0", "20.19.0", false],
    ["20.x", "20.19.0", true],
  ])("%s admits %s: %s", (range, version, expected) => {
    expect(rangeAdmits(range, version)).toBe(expected);
  });

  test("isAtLeast compares numerically, not as text", () => {
    expect(isAtLeast("v20.9.0", "20.19.0")).toBe(false);
    expect(isAtLeast("20.20.2", "20.19.0")).toBe(true);
    expect(isAtLeast("22.0.0", "20.19.0")).toBe(true);
  });
});
