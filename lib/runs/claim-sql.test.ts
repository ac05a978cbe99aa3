// The claim function's source is lib/runs/claim-results.sql; the database gets it from a migration.
// This checks that the latest migration defining it says the same, so neither drifts from the other.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS = path.join(REPO_ROOT, "prisma", "migrations");
const DEFINITION = /CREATE (?:OR REPLACE )?FUNCTION workbench_claim_results\b[\s\S]*?\nEND \$\$;/;

/** The function's CREATE statement in a SQL text, white space at line ends ignored. */
function definitionIn(sql: string): string | null {
  const match = DEFINITION.exec(sql);
  return match ? match[0].replace(/[ \t]+$/gm, "") : null;
}

describe("workbench_claim_results", () => {
  const source = readFileSync(path.join(import.meta.dirname, "claim-results.sql"), "utf8");
  const migrations = readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const defining = migrations.filter((name) => definitionIn(readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8")) !== null);

  test("claim-results.sql holds one definition", () => {
    expect(definitionIn(source)).not.toBeNull();
    expect(source.match(/CREATE (OR REPLACE )?FUNCTION/g)).toHaveLength(1);
  });

  test("the latest migration that defines it matches claim-results.sql", () => {
    expect(defining.length).toBeGreaterThan(0);
    const latest = defining[defining.length - 1] as string;
    expect(definitionIn(readFileSync(path.join(MIGRATIONS, latest, "migration.sql"), "utf8"))).toBe(definitionIn(source));
  });

  test("a changed body would be noticed", () => {
    const changed = source.replace("LIMIT take FOR UPDATE SKIP LOCKED", "LIMIT take FOR UPDATE");
    expect(definitionIn(changed)).not.toBe(definitionIn(source));
  });
});
