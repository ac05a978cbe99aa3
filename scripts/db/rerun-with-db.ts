// CLI commands that need PostgreSQL get one when DATABASE_URL is unset, so `npm run workbench --
// import-data` works with the embedded database (attaching to the one `npm start` runs, if any).
// The CLI registers how to run its command again: the database is then opened in this very process
// (openDatabase; no wrapper process tree, signals reach the command itself). Without a registration,
// the process re-runs itself under with-db, which forwards signals so SIGTERM or Ctrl-C stops the tree.
import path from "node:path";
import { runForwardingSignals } from "./run-command";

const withDbScript = path.resolve(import.meta.dirname, "..", "with-db.ts");

let runAgain: (() => Promise<unknown>) | null = null;

/** The CLI's entry point: how to run the current command again once DATABASE_URL is set. */
export function registerInProcessRerun(rerun: () => Promise<unknown>): void {
  runAgain = rerun;
}

/** Runs the current command again with a database; resolves its exit code. */
export async function rerunWithDatabase(): Promise<number> {
  if (runAgain) return rerunInProcess(runAgain);
  return rerunUnderWithDb();
}

async function rerunInProcess(rerun: () => Promise<unknown>): Promise<number> {
  // Loaded here, not at start-up: pg, Prisma and the embedded database are for commands that need them.
  const { openDatabase } = await import("./database-session");
  const database = await openDatabase();
  process.env.DATABASE_URL = database.url; // process plumbing: lib/env reads it from here
  try {
    await rerun();
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } finally {
    await database.close();
  }
}

/** Re-runs this very process (same node flags, so tsx stays loaded) under with-db; resolves its exit code. */
function rerunUnderWithDb(): Promise<number> {
  const node = [process.execPath, ...process.execArgv];
  const [, script, ...args] = process.argv;
  if (!script) throw new Error("cannot determine the running script");
  return runForwardingSignals([node[0]!, ...node.slice(1), withDbScript, "--", ...node, script, ...args]);
}
