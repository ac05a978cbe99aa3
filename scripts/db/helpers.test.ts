import { mkdirSync, mkdtempSync, chmodSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { poolConfigFromUrl, withDatabase } from "./connection";
import { defaultDataDir, isTraversableByOthers } from "./data-dir";
import { readMigrations, writeMigration } from "./migrations-dir";

describe("isTraversableByOthers / defaultDataDir", () => {
  const base = mkdtempSync(path.join(os.tmpdir(), "data-dir-"));
  chmodSync(base, 0o755);
  const open = path.join(base, "open", "repo");
  const closed = path.join(base, "closed", "repo");
  mkdirSync(open, { recursive: true });
  mkdirSync(closed, { recursive: true });
  chmodSync(path.join(base, "closed"), 0o700);

  test.each([
    [open, true],
    [closed, false],
    [path.join(open, "not-yet-created", "x"), true],
  ])("%s → %s", (dir, expected) => {
    expect(isTraversableByOthers(dir)).toBe(expected);
  });

  test("uses <repo>/.data/postgres when reachable, a stable temp folder otherwise", () => {
    expect(defaultDataDir(open)).toBe(path.join(open, ".data", "postgres"));
    const fallback = defaultDataDir(closed);
    expect(fallback.startsWith(os.tmpdir())).toBe(true);
    expect(defaultDataDir(closed)).toBe(fallback);
    expect(defaultDataDir(path.join(base, "closed", "other"))).not.toBe(fallback);
  });
});

describe("poolConfigFromUrl", () => {
  test.each([
    ["postgresql://u%40x:p%2Fw@db.local:6543/my%20db", { host: "db.local", port: 6543, user: "u@x", password: "p/w", database: "my db", ssl: undefined }],
    ["postgres://u:p@127.0.0.1/workbench?sslmode=require", { host: "127.0.0.1", port: 5432, user: "u", password: "p", database: "workbench", ssl: { rejectUnauthorized: false } }],
  ])("%s", (url, expected) => {
    expect(poolConfigFromUrl(url)).toEqual(expected);
  });

  test("rejects other protocols", () => {
    expect(() => poolConfigFromUrl("mysql://localhost/x")).toThrow(/postgresql:\/\//);
  });

  test("withDatabase swaps only the database", () => {
    expect(withDatabase("postgresql://u:p@h:1/a?sslmode=disable", "b")).toBe("postgresql://u:p@h:1/b?sslmode=disable");
  });
});

describe("migrations directory", () => {
  test("writes Prisma's layout and reads it back in name order", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    writeMigration(dir, "20260102000000_second", "SELECT 2;");
    writeMigration(dir, "20260101000000_first", "SELECT 1;");
    writeFileSync(path.join(dir, "README"), "not a migration");
    expect(readFileSync(path.join(dir, "migration_lock.toml"), "utf8")).toMatch(/provider = "postgresql"/);
    const list = readMigrations(dir);
    expect(list.migrationDirectories.map((entry) => [entry.path, entry.migrationFile.content])).toEqual([
      ["20260101000000_first", { tag: "ok", value: "SELECT 1;" }],
      ["20260102000000_second", { tag: "ok", value: "SELECT 2;" }],
    ]);
    expect(list.lockfile.content).toMatch(/postgresql/);
  });

  test("reports a directory without migration.sql as an error entry", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    mkdirSync(path.join(dir, "20260101000000_broken"));
    const [entry] = readMigrations(dir).migrationDirectories;
    expect(entry?.migrationFile.content.tag).toBe("error");
  });

  test("the committed migrations match prisma/schema.prisma's shape (every model has a CREATE TABLE)", () => {
    const list = readMigrations(path.resolve("prisma", "migrations"));
    const sql = list.migrationDirectories.map((entry) => (entry.migrationFile.content.tag === "ok" ? entry.migrationFile.content.value : "")).join("\n");
    const models = [...readFileSync(path.resolve("prisma", "schema.prisma"), "utf8").matchAll(/^model (\w+) \{/gm)].map((match) => match[1]);
    for (const model of models) expect(sql).toContain(`CREATE TABLE "${model}"`);
  });
});
