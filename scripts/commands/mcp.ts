// `workbench mcp --run <id> --token <session token>`: serves one claimed task's sandbox over stdio
// for a local agent (Claude Desktop, Claude Code, an Agents SDK script…). The token comes from a claim
// (POST /api/runs/<id>/claim); finish the task through the API as usual. Rules of the stdio transport:
// - stdout carries JSON-RPC only: every console output of this process goes to stderr;
// - the database is the web server's (DATABASE_URL in the MCP client's env): MCP clients start servers
//   with a minimal environment, and falling back to this checkout's embedded PostgreSQL would silently
//   serve another database, so that takes --embedded-db;
// - a stop signal (MCP clients end stdio servers with SIGTERM) closes the session's stream and stops the
//   embedded PostgreSQL this process started, whenever it comes, even while that server is starting.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { env } from "@/lib/env";
import { plainError } from "@/lib/plain-error";

interface McpOptions {
  run: string;
  token?: string;
  embeddedDb?: boolean;
}

const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** After a stop signal, the process exits within this even if closing hangs (the exit hook still stops PostgreSQL). */
const STOP_GRACE_MS = 10_000;

/** Aborted by the first stop signal; kept across the in-process rerun with a database. */
const stop = new AbortController();

export function register(program: Command): void {
  program
    .command("mcp")
    .description("Serve a claimed external task's sandbox over MCP stdio (token from POST /api/runs/<id>/claim)")
    .requiredOption("--run <id>", "the external run")
    .option("--token <token>", "the session token of the claimed task (better: WORKBENCH_SESSION_TOKEN, kept out of process lists)")
    .option("--embedded-db", "without DATABASE_URL, use this checkout's embedded PostgreSQL (attached to when `npm start` runs it)")
    .action(async (options: McpOptions) => {
      process.exitCode = await mcpCommand(options);
    });
}

async function mcpCommand(options: McpOptions): Promise<number> {
  keepStdoutForProtocol();
  stopOnSignals();
  const token = options.token ?? env().WORKBENCH_SESSION_TOKEN;
  if (!token) {
    console.error("workbench mcp: --token (or WORKBENCH_SESSION_TOKEN): the session token of a claimed task is required");
    return 2;
  }
  if (!env().DATABASE_URL) {
    if (!options.embeddedDb) {
      console.error(
        "workbench mcp: DATABASE_URL is not set: give the MCP client's server entry the Studio server's DATABASE_URL (or pass --embedded-db to use this checkout's embedded PostgreSQL)",
      );
      return 2;
    }
    return rerunWithDatabase(); // runs this command again in-process with the embedded database
  }
  if (stop.signal.aborted) return 0; // stopped while the database was starting: nothing to serve
  const [{ closeMcpDeps, getMcpDeps }, { serveSessionOverStdio }, { prisma }] = await Promise.all([
    import("@/lib/external-runs/deps"),
    import("@/lib/external-runs/stdio"),
    import("@/lib/db"),
  ]);
  try {
    await serveSessionOverStdio(await getMcpDeps(), options.run, token, { signal: stop.signal });
    return 0;
  } catch (error) {
    console.error(`workbench mcp: ${plainError(error)}`);
    return 1;
  } finally {
    await closeMcpDeps();
    await prisma.$disconnect();
  }
}

/** console.log and friends (ours, Prisma's, a library's) would corrupt the protocol stream. */
function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  // npm's own variables (set by `npm run`), not settings of ours: read raw, like scripts/db/launcher-exit.ts.
  if (process.env.npm_lifecycle_event && process.env.npm_config_loglevel !== "silent") {
    console.error("workbench mcp: started by `npm run` without -s: npm printed its banner on stdout, which MCP clients reject. Use `npm run -s workbench -- mcp …` or `npx workbench mcp …`");
  }
}

let signalsHandled = false;

/**
 * A stop signal ends serving and lets the command's own cleanup run (the database closed, the embedded
 * PostgreSQL stopped if this process started it). Node's default action would kill the process at once
 * and orphan the detached postmaster; further signals are ignored while stopping.
 */
function stopOnSignals(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop.signal.aborted) return;
    console.error(`workbench mcp: ${signal}, stopping`);
    stop.abort();
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
}
