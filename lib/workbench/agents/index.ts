// Agents: createAgent(kind).run(task, deps). Engine code: no next/*, react, prisma imports.
import type { Agent, AgentKind } from "./types";
import { reactAgent } from "./react-agent";
import { toolsAgent } from "./tools-agent";
import { workbench2026Agent } from "./workbench-2026/agent";
import { noopAgent, oracleAgent, replayAgent, retryingOracleAgent } from "./scripted-agents";

const AGENTS: Record<AgentKind, Agent> = {
  react: reactAgent,
  tools: toolsAgent,
  "workbench-2026": workbench2026Agent,
  oracle: oracleAgent,
  "oracle-retry": retryingOracleAgent,
  noop: noopAgent,
  replay: replayAgent,
};

export function createAgent(kind: AgentKind): Agent {
  return AGENTS[kind];
}

export { buildReactSystemPrompt, DATE_PREAMBLE } from "./react-prompt";
export { TOOLS_SYSTEM_PROMPT } from "./tools-agent";
export { DATETIME_PREFIX_2026, systemPrompt2026, parametersSchema2026, sanitizeToolName2026, toolDescription2026 } from "./workbench-2026/harness";
export { taskSignal } from "./run-errors";
export { toProviderToolName, fromProviderToolName } from "./tool-names";
export * from "./types";
