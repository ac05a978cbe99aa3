// `workbench mcp --run <id> --token <session token>`: serves one claimed task's sandbox over stdio
// for a local agent (Claude Desktop, Claude Code, an Agents SDK script…). The token comes from a claim
// (POST /api/runs/<id>/claim); finish the task through the API as usual. stdout carries the protocol only.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { env } from "@/lib/env";
import { errorMessage } from "@/lib/errors";

interface McpOptions {
  run: string;
  token?: string;
}

export function register(program: Command): void {
  program
    .command("mcp")
    .description("Serve a claimed external task's sandbox over MCP stdio (token from POST /api/runs/<id>/claim)")
    .requiredOption("--run <id>", "the external run")
    .option("--token <token>", "the session token of the claimed task (or WORKBENCH_SESSION_TOKEN)")
    .action(async (options: McpOptions) => {
      process.exitCode = await mcpCommand(options);
    });
}

async function mcpCommand(options: McpOptions): Promise<number> {
  const token = options.token ?? env().WORKBENCH_SESSION_TOKEN;
  if (!token) {
    console.error("--token: the session token of a claimed task is required");
    return 2;
  }
  if (!env().DATABASE_URL) return rerunWithDatabase();
  const [{ closeMcpDeps, getMcpDeps }, { serveSessionOverStdio }, { prisma }] = await Promise.all([
    import("@/lib/mcp/deps"),
    import("@/lib/mcp/stdio"),
    import("@/lib/db"),
  ]);
  try {
    await serveSessionOverStdio(await getMcpDeps(), options.run, token);
    return 0;
  } catch (error) {
    console.error(`workbench mcp: ${errorMessage(error)}`);
    return 1;
  } finally {
    await closeMcpDeps();
    await prisma.$disconnect();
  }
}
