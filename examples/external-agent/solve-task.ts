// Solves one task: connect to the task's sandbox over MCP (AI SDK MCP client), let the model use the
// tools, report each model turn before its tool calls run (so the trace reads in order), return the
// final answer and usage. Replace this file's body with your own agent: any framework that speaks MCP.
import { createMCPClient } from "@ai-sdk/mcp";
import { generateText, stepCountIs, type LanguageModel, type ToolSet } from "ai";
import { reportTurns, type FinishReport, type TaskPayload } from "./studio-api";

export const MAX_STEPS = 20;

export async function solveTask(task: TaskPayload, model: LanguageModel): Promise<FinishReport> {
  const mcp = await createMCPClient({
    transport: { type: "http", url: task.mcp.url, headers: { authorization: `Bearer ${task.mcp.token}` } },
    protocolVersionDiscovery: false,
  });
  try {
    // A turn is posted when the model answers; tool calls wait for it, so the trace keeps the order.
    let pendingTurn: Promise<void> = Promise.resolve();
    const tools = inOrderAfter(await mcp.tools(), () => pendingTurn);
    const result = await generateText({
      model,
      system: task.task.systemPrompt,
      prompt: task.task.text,
      tools,
      stopWhen: stepCountIs(MAX_STEPS),
      abortSignal: AbortSignal.timeout(Math.max(1, Date.parse(task.deadline) - Date.now())),
      onLanguageModelCallEnd: (event) => {
        const text = event.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
        const turn = {
          text,
          inputTokens: event.usage.inputTokens ?? 0,
          outputTokens: event.usage.outputTokens ?? 0,
          latencyMs: Math.round(event.performance.responseTimeMs),
          finishReason: event.finishReason,
        };
        pendingTurn = pendingTurn.then(() => reportTurns(task, [turn])).catch(() => undefined);
      },
    });
    await pendingTurn;
    return { finalAnswer: result.text, inputTokens: result.totalUsage.inputTokens ?? 0, outputTokens: result.totalUsage.outputTokens ?? 0 };
  } finally {
    await mcp.close();
  }
}

/** Each tool's execute first waits for `before()` (the model turn being reported). */
function inOrderAfter<T extends ToolSet>(tools: T, before: () => Promise<void>): T {
  for (const tool of Object.values(tools)) {
    const execute = tool.execute;
    if (!execute) continue;
    tool.execute = async (input, options) => {
      await before();
      return execute(input, options);
    };
  }
  return tools;
}
