// The tallies' functions are defined once, in lib/runs/tally.sql; the database gets them from
// migrations. Each must be what the latest migration defining it says, so that the triggers (which the
// migrations install) and the rebuild (which calls leaderboard_rebuild) run this one text.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { definitionsIn, latestMigrationDefinition, readSqlSource } from "../test-support/sql-source";

const source = readSqlSource(path.join(import.meta.dirname, "tally.sql"));
const definitions = definitionsIn(source);

describe("lib/runs/tally.sql", () => {
  test("defines the tally functions, each once", () => {
    const names = definitions.map((definition) => definition.name);
    expect(names).toEqual(expect.arrayContaining(["run_tally_counts", "run_tally_apply", "config_tally_fold", "config_tally_apply", "run_key", "leaderboard_rebuild"]));
    expect(new Set(names).size).toBe(names.length);
    // Every CREATE of the file is one the check below sees.
    expect(source.match(/^CREATE /gm)).toHaveLength(definitions.length);
  });

  test.each(definitions.map((definition) => [definition.name, definition] as const))("the latest migration defining %s matches", (name, definition) => {
    const latest = latestMigrationDefinition(name);
    expect(latest, `no migration defines ${name}`).not.toBeNull();
    expect(latest?.definition.text, `${latest?.migration} differs from tally.sql for ${name}`).toBe(definition.text);
  });

  test("the rebuild and the triggers count through the same functions", () => {
    const byName = new Map(definitions.map((definition) => [definition.name, definition.text]));
    const rebuild = byName.get("leaderboard_rebuild") ?? "";
    expect(rebuild).toContain("run_tally_counts(");
    expect(rebuild).toContain("config_tally_fold(");
    expect(rebuild).toContain("run_key(");
    expect(byName.get("run_tally_apply")).toContain("run_tally_counts(");
    expect(byName.get("config_tally_apply")).toContain("config_tally_fold(");
    expect(byName.get("config_tally_on_run")).toContain("config_tally_fold(");
  });

  test("a changed body would be noticed", () => {
    const changed = definitionsIn(source.replace("FILTER (WHERE v.errored)", "FILTER (WHERE v.correct)"));
    const counts = (list: typeof definitions) => list.find((definition) => definition.name === "run_tally_counts")?.text;
    expect(counts(changed)).not.toBe(counts(definitions));
  });
});
