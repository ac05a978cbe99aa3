// The claim function's source is lib/runs/claim-results.sql; the database gets it from a migration.
// This checks that the latest migration defining it says the same, so neither drifts from the other.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { definitionsIn, latestMigrationDefinition, readSqlSource } from "../test-support/sql-source";

const definitionOf = (sql: string) => definitionsIn(sql).find((definition) => definition.name === "workbench_claim_results")?.text ?? null;

describe("workbench_claim_results", () => {
  const source = readSqlSource(path.join(import.meta.dirname, "claim-results.sql"));

  test("claim-results.sql holds one definition", () => {
    expect(definitionOf(source)).not.toBeNull();
    expect(source.match(/CREATE (OR REPLACE )?FUNCTION/g)).toHaveLength(1);
  });

  test("the latest migration that defines it matches claim-results.sql", () => {
    const latest = latestMigrationDefinition("workbench_claim_results");
    expect(latest).not.toBeNull();
    expect(latest?.definition.text).toBe(definitionOf(source));
  });

  test("a changed body would be noticed", () => {
    const changed = source.replace("LIMIT take FOR UPDATE SKIP LOCKED", "LIMIT take FOR UPDATE");
    expect(definitionOf(changed)).not.toBe(definitionOf(source));
  });
});
