// Agents: createAgent(kind).run(task, deps). Engine code: no next/*, react, prisma imports.
import type { Agent, AgentKind } from "./types";
import { reactAgent } from "./react-agent";
import { toolsAgent } from "./tools-agent";
import { noopAgent, oracleAgent, replayAgent } from "./scripted-agents";

const AGENTS: Record<AgentKind, Agent> = {
  react: reactAgent,
  tools: toolsAgent,
  oracle: oracleAgent,
  noop: noopAgent,
  replay: replayAgent,
};

export function createAgent(kind: AgentKind): Agent {
  return AGENTS[kind];
}

export { buildReactSystemPrompt, DATE_PREAMBLE } from "./react-prompt";
export { TOOLS_SYSTEM_PROMPT } from "./tools-agent";
export { taskSignal, ITERATION_LIMIT_MESSAGE, CONTEXT_WINDOW_MESSAGE } from "./run-errors";
export { toProviderToolName, fromProviderToolName } from "./tool-names";
export * from "./types";
