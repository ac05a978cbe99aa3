// What both example agents share: their command line, the model (any OpenAI-compatible endpoint:
// AGENT_BASE_URL — e.g. the mock provider http://127.0.0.1:4010/v1, Ollama, vLLM, OpenAI —,
// AGENT_MODEL, AGENT_API_KEY) and the claim → solve → finish loop.
import { parseArgs } from "node:util";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { claimTask, finishTask, type FinishReport, type TaskPayload } from "./studio-api";

export interface AgentArgs {
  readonly studio: string;
  readonly runId: string;
  readonly agentToken: string;
  readonly parallel: number;
}

export function parseAgentArgs(usage: string): AgentArgs {
  const { values } = parseArgs({
    options: {
      studio: { type: "string", default: process.env.STUDIO_URL ?? "http://localhost:3000" },
      run: { type: "string" },
      token: { type: "string", default: process.env.STUDIO_AGENT_TOKEN },
      parallel: { type: "string", default: "1" },
    },
  });
  if (!values.run || !values.token) {
    console.error(`usage: ${usage} --studio <url> --run <run id> --token <agent token> [--parallel <n>]`);
    process.exit(2);
  }
  return { studio: values.studio ?? "http://localhost:3000", runId: values.run, agentToken: values.token, parallel: Math.max(1, Number(values.parallel) || 1) };
}

export function modelFromEnv(): LanguageModel {
  const provider = createOpenAICompatible({
    name: "agent-model",
    baseURL: process.env.AGENT_BASE_URL ?? "http://127.0.0.1:4010/v1",
    apiKey: process.env.AGENT_API_KEY ?? "none",
  });
  return provider.chatModel(process.env.AGENT_MODEL ?? "oracle");
}

/** Claims tasks until none is left (`parallel` at once), solves and finishes each; returns how many. */
export async function runClaimLoop(args: AgentArgs, solve: (task: TaskPayload) => Promise<FinishReport>): Promise<number> {
  async function worker(): Promise<number> {
    let solved = 0;
    for (;;) {
      const claim = await claimTask(args.studio, args.runId, args.agentToken);
      if (claim.status === "done") return solved;
      if (claim.status === "wait") {
        await new Promise((resolve) => setTimeout(resolve, claim.retryAfterMs));
        continue;
      }
      // A failing agent still finishes its task (with the error), so the run never waits for a deadline.
      const report = await solve(claim).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
      await finishTask(claim, report).catch((error: unknown) => console.error(`finish ${claim.task.key}:`, error instanceof Error ? error.message : error));
      solved += 1;
    }
  }
  const counts = await Promise.all(Array.from({ length: args.parallel }, () => worker()));
  return counts.reduce((sum, count) => sum + count, 0);
}
