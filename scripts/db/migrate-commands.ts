// deploy / dev / diff / status over the WASM schema engine; shared by scripts/migrate.ts and with-db.
import path from "node:path";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { readMigrations, writeMigration } from "./migrations-dir";
import { withSchemaEngine } from "./schema-engine";

const repoRoot = path.resolve(import.meta.dirname, "../..");
export const SCHEMA_PATH = path.join(repoRoot, "prisma", "schema.prisma");
export const MIGRATIONS_DIR = path.join(repoRoot, "prisma", "migrations");
const noFilters: SchemaFilter = { externalTables: [], externalEnums: [] };

type Options = { databaseUrl: string; verbose?: boolean; migrationsDir?: string; schemaPath?: string };

function run<T>(options: Options, work: (engine: SchemaEngine, dirs: { migrations: string; schema: string }) => Promise<T>) {
  const dirs = { migrations: options.migrationsDir ?? MIGRATIONS_DIR, schema: options.schemaPath ?? SCHEMA_PATH };
  return withSchemaEngine({ databaseUrl: options.databaseUrl, schemaPath: dirs.schema, verbose: options.verbose }, (engine) =>
    work(engine, dirs),
  );
}

/** Applies pending migrations; returns the names applied (empty when up to date). */
export function deployMigrations(options: Options): Promise<string[]> {
  return run(options, async (engine, dirs) => {
    const output = await engine.applyMigrations({ migrationsList: readMigrations(dirs.migrations), filters: noFilters });
    return output.appliedMigrationNames;
  });
}

/**
 * `migrate dev`: applies pending migrations, then writes (and, unless createOnly, applies) a new
 * migration for the difference between the schema and the migrations. Never resets a database.
 */
export function devMigration(options: Options & { name: string; createOnly?: boolean }) {
  return run(options, async (engine, dirs) => {
    const diagnostic = await engine.devDiagnostic({ migrationsList: readMigrations(dirs.migrations), filters: noFilters });
    if (diagnostic.action.tag === "reset") {
      throw new Error(`the database needs a reset (${diagnostic.action.reason}); drop it and run again`);
    }
    await engine.applyMigrations({ migrationsList: readMigrations(dirs.migrations), filters: noFilters });
    const created = await engine.createMigration({
      draft: false,
      migrationName: options.name,
      migrationsList: readMigrations(dirs.migrations),
      schema: { files: [{ path: dirs.schema, content: await readSchema(dirs.schema) }] },
      filters: noFilters,
    });
    if (created.migrationScript === null) return { created: null, applied: [] as string[] };
    const directory = writeMigration(dirs.migrations, created.generatedMigrationName, created.migrationScript);
    if (options.createOnly) return { created: directory, applied: [] as string[] };
    const applied = await engine.applyMigrations({ migrationsList: readMigrations(dirs.migrations), filters: noFilters });
    return { created: directory, applied: applied.appliedMigrationNames };
  });
}

/** SQL that takes the migrations (or an empty database) to the schema; exitCode 2 when non-empty. */
export function diffMigrations(options: Options & { from: "migrations" | "empty" }) {
  return run(options, async (engine, dirs) => {
    const from = options.from === "empty" ? { tag: "empty" as const } : { tag: "migrations" as const, ...readMigrations(dirs.migrations) };
    const to = { tag: "schemaDatamodel" as const, files: [{ path: dirs.schema, content: await readSchema(dirs.schema) }] };
    return engine.diff({ from, to, script: true, exitCode: true, filters: noFilters });
  });
}

export function migrationStatus(options: Options) {
  return run(options, (engine, dirs) =>
    engine.diagnoseMigrationHistory({ migrationsList: readMigrations(dirs.migrations), optInToShadowDatabase: false, filters: noFilters }),
  );
}

async function readSchema(schemaPath: string) {
  const { readFile } = await import("node:fs/promises");
  return readFile(schemaPath, "utf8");
}
