#!/usr/bin/env tsx
// `tsx scripts/with-db.ts [--throwaway] -- <command...>`: runs a command with a migrated PostgreSQL in
// DATABASE_URL. Uses DATABASE_URL when set; otherwise starts the embedded PostgreSQL of this checkout
// (--throwaway: a fresh one in a temp dir, deleted afterwards), applies migrations, forwards signals
// and the exit code, and stops PostgreSQL after the command (unless another process owns the server).
import { openDatabase } from "./db/database-session";
import { FORWARDED_SIGNALS, runForwardingSignals } from "./db/run-command";
import { errorMessage } from "@/lib/errors";

function parseArgs(argv: string[]) {
  const separator = argv.indexOf("--");
  const flags = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  if (command.length === 0) throw new Error("usage: tsx scripts/with-db.ts [--throwaway] -- <command...>");
  return { throwaway: flags.includes("--throwaway"), command };
}

async function main(): Promise<number> {
  const { throwaway, command } = parseArgs(process.argv.slice(2));
  // Signals that arrive while PostgreSQL starts must not kill us before we can stop it.
  let interrupted: NodeJS.Signals | null = null;
  const early = (signal: NodeJS.Signals) => {
    interrupted = signal;
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, early);
  const database = await openDatabase({ throwaway });
  for (const signal of FORWARDED_SIGNALS) process.off(signal, early);
  try {
    if (interrupted) return 130;
    return await runForwardingSignals(command, { env: { ...process.env, DATABASE_URL: database.url } });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`with-db: ${errorMessage(error)}`);
    process.exit(1);
  },
);
