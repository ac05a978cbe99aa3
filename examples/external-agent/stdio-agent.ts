#!/usr/bin/env tsx
// The reference agent in stdio mode, for agents whose MCP client starts its servers as processes: it
// claims a task over HTTP as usual, then starts `workbench mcp --run <id>` (session token in the
// environment) and talks to the sandbox over stdin/stdout; it finishes the task over HTTP.
//
//   npx tsx examples/external-agent/stdio-agent.ts --studio http://localhost:3000 --run <run id> --token <agent token>
//
// Run it from the Studio checkout: `workbench mcp` needs Studio's database: DATABASE_URL, or (when it
// is unset) the checkout's embedded one, which `npm start` runs, asked for with --embedded-db.
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { generateText, stepCountIs } from "ai";
import { modelFromEnv, parseAgentArgs, runClaimLoop } from "./agent-loop";
import { MAX_STEPS } from "./solve-task";
import type { FinishReport, TaskPayload } from "./studio-api";

const args = parseAgentArgs("stdio-agent.ts");
const model = modelFromEnv();

async function solveOverStdio(task: TaskPayload): Promise<FinishReport> {
  const mcp = await createMCPClient({
    transport: new Experimental_StdioMCPTransport({
      command: process.execPath,
      args: ["--import", "tsx", "scripts/workbench.ts", "mcp", "--run", args.runId, ...(process.env.DATABASE_URL ? [] : ["--embedded-db"])],
      // The token goes through the environment, not the command line (visible to other users in `ps`).
      env: { ...(process.env as Record<string, string>), WORKBENCH_SESSION_TOKEN: task.mcp.token },
    }),
  });
  try {
    const result = await generateText({ model, system: task.task.systemPrompt, prompt: task.task.text, tools: await mcp.tools(), stopWhen: stepCountIs(MAX_STEPS) });
    return { finalAnswer: result.text, inputTokens: result.totalUsage.inputTokens ?? 0, outputTokens: result.totalUsage.outputTokens ?? 0 };
  } finally {
    await mcp.close();
  }
}

const solved = await runClaimLoop(args, solveOverStdio);
console.log(`stdio agent done: ${solved} task(s)`);
