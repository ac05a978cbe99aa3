// SQL functions whose source lives in a .sql file beside their callers reach the database through
// migrations. These helpers find each CREATE statement of a source and the latest migration that
// defines the same object, so a test can check that the migration says what the source says.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../prisma/migrations");

/** A function's statement ends at `$$;` on its own line end; a type's at `);`. */
const STATEMENT = /^CREATE (?:OR REPLACE )?(?:(FUNCTION) (\w+)\b[\s\S]*?\n(?:END )?\$\$;|(TYPE) (\w+)\b[^\n]*\);)$/gm;

export interface SqlDefinition {
  readonly kind: "FUNCTION" | "TYPE";
  readonly name: string;
  /** The whole statement, white space at line ends ignored. */
  readonly text: string;
}

/** Every CREATE FUNCTION / CREATE TYPE statement in a SQL text, in order. */
export function definitionsIn(sql: string): SqlDefinition[] {
  return [...sql.matchAll(STATEMENT)].map((match) => ({
    kind: (match[1] ?? match[3]) as "FUNCTION" | "TYPE",
    name: (match[2] ?? match[4]) as string,
    text: match[0].replace(/[ \t]+$/gm, "").replace(/^CREATE OR REPLACE /, "CREATE "),
  }));
}

/** The migrations' folder names, oldest first, with their SQL. */
function migrations(): { name: string; sql: string }[] {
  return readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8") }));
}

/** The definition of `name` in the latest migration that defines it (null: none does). */
export function latestMigrationDefinition(name: string): { migration: string; definition: SqlDefinition } | null {
  let found: { migration: string; definition: SqlDefinition } | null = null;
  for (const migration of migrations()) {
    const definition = definitionsIn(migration.sql).filter((candidate) => candidate.name === name).at(-1);
    if (definition) found = { migration: migration.name, definition };
  }
  return found;
}

export function readSqlSource(file: string): string {
  return readFileSync(file, "utf8");
}
