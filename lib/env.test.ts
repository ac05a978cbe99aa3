import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { env, ENV_VARIABLES, parseEnv, secretNamed } from "./env";

describe("parseEnv", () => {
  test("defaults PORT and leaves optional variables unset", () => {
    expect(parseEnv({})).toEqual({ PORT: 3000 });
  });

  test.each([
    ["postgresql://u:p@127.0.0.1:5432/db", "postgresql://u:p@127.0.0.1:5432/db"],
    ["postgres://localhost/db", "postgres://localhost/db"],
  ])("accepts DATABASE_URL %s", (url, expected) => {
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(expected);
  });

  test("treats empty strings as unset", () => {
    expect(parseEnv({ OPENAI_API_KEY: "", DATABASE_URL: "" })).toEqual({ PORT: 3000 });
  });

  test.each([
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ OPENAI_API_KEY: "   " }, "OPENAI_API_KEY"],
  ])("fails naming the variable for %j", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`Invalid environment variable\\(s\\): .*${name}`));
  });

  test("never echoes a secret's value in the error", () => {
    expect(() => parseEnv({ PORT: "bad", ANTHROPIC_API_KEY: "sk-secret" })).not.toThrow(/sk-secret/);
  });
});

describe("the variables table of docs/configuration.md", () => {
  const page = readFileSync(path.resolve(import.meta.dirname, "../docs/configuration.md"), "utf8");
  const section = page.split("\n## Environment variables\n")[1]?.split("\n## ")[0] ?? "";
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  const documented = rows.flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));

  test("lists exactly the variables lib/env.ts declares", () => {
    expect(documented.length).toBeGreaterThan(20);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  test("names each variable once", () => {
    expect(new Set(documented).size).toBe(documented.length);
  });
});

describe("env()", () => {
  test("parses again when a declared variable changes (launchers set DATABASE_URL after start-up)", () => {
    const saved = process.env.STUDIO_MAX_TASKS_PER_LAUNCH;
    try {
      process.env.STUDIO_MAX_TASKS_PER_LAUNCH = "7";
      expect(env().STUDIO_MAX_TASKS_PER_LAUNCH).toBe(7);
      process.env.STUDIO_MAX_TASKS_PER_LAUNCH = "9";
      expect(env().STUDIO_MAX_TASKS_PER_LAUNCH).toBe(9);
    } finally {
      if (saved === undefined) delete process.env.STUDIO_MAX_TASKS_PER_LAUNCH;
      else process.env.STUDIO_MAX_TASKS_PER_LAUNCH = saved;
    }
  });

  test.each([
    [{ STUDIO_PRIVATE: "yes" }, "STUDIO_PRIVATE"],
    [{ STUDIO_RUN_BUDGET_USD: "-1" }, "STUDIO_RUN_BUDGET_USD"],
    [{ WORKBENCH_WORKER_CONCURRENCY: "many" }, "WORKBENCH_WORKER_CONCURRENCY"],
    [{ OPENAI_BASE_URL: "ftp://example.com" }, "OPENAI_BASE_URL"],
  ])("fails naming a variable that used to be read raw: %j", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}`));
  });

  test("a key variable named by an endpoints file passes through for secretNamed", () => {
    expect(secretNamed("ROUTER_KEY", parseEnv({ ROUTER_KEY: "k-123" }))).toBe("k-123");
    expect(secretNamed("ROUTER_KEY", parseEnv({}))).toBeUndefined();
  });
});
