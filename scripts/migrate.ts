#!/usr/bin/env tsx
// `tsx scripts/migrate.ts deploy|dev|diff|status`: Prisma migrations offline (WASM schema engine).
// Needs DATABASE_URL; `tsx scripts/with-db.ts -- tsx scripts/migrate.ts <cmd>` provides one.
import { Command } from "commander";
import { requireDatabaseUrl } from "@/lib/env";
import { deployMigrations, devMigration, diffMigrations, migrationStatus } from "./db/migrate-commands";
import { errorMessage } from "@/lib/errors";

const databaseUrl = () => requireDatabaseUrl("migrations apply to a database");

const program = new Command().name("migrate").description("Prisma migrations without the native engine").option("--verbose", "print the engine's log");
const verbose = () => Boolean(program.opts().verbose);

program
  .command("deploy")
  .description("apply pending migrations from prisma/migrations")
  .action(async () => {
    const applied = await deployMigrations({ databaseUrl: databaseUrl(), verbose: verbose() });
    console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "No pending migrations.");
  });

program
  .command("dev")
  .description("create a migration from prisma/schema.prisma and apply it")
  .requiredOption("-n, --name <name>", "migration name (snake_case)")
  .option("--create-only", "write the migration without applying it")
  .action(async (options: { name: string; createOnly?: boolean }) => {
    const result = await devMigration({ databaseUrl: databaseUrl(), verbose: verbose(), ...options });
    console.log(result.created ? `Created ${result.created}` : "Schema and migrations are in sync: nothing to create.");
    if (result.applied.length) console.log(`Applied: ${result.applied.join(", ")}`);
  });

program
  .command("diff")
  .description("print the SQL from the migrations (or an empty database) to the schema; exit 2 if non-empty")
  .option("--from <source>", "migrations | empty", "migrations")
  .action(async (options: { from: string }) => {
    if (options.from !== "migrations" && options.from !== "empty") throw new Error("--from must be migrations or empty");
    const result = await diffMigrations({ databaseUrl: databaseUrl(), verbose: verbose(), from: options.from });
    process.stdout.write(result.stdout ?? "");
    process.exitCode = result.exitCode;
  });

program
  .command("status")
  .description("compare the database's migration history with prisma/migrations")
  .action(async () => {
    const status = await migrationStatus({ databaseUrl: databaseUrl(), verbose: verbose() });
    console.log(JSON.stringify(status, null, 2));
    if (status.history || status.failedMigrationNames.length || status.editedMigrationNames.length) process.exitCode = 1;
  });

await program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(`migrate: ${errorMessage(error)}`);
  process.exit(1);
});
