// Agents: createAgent(kind).run(task, deps). Engine code: no next/*, react, prisma imports.
import type { Agent, AgentDeps, AgentKind } from "./types";
import { reactAgent } from "./react-agent";
import { toolsAgent } from "./tools-agent";
import { workbench2026Agent } from "./workbench-2026/agent";
import { noopAgent, oracleAgent, replayAgent, retryingOracleAgent } from "./scripted-agents";
import { engineSettingsOf } from "./required-deps";

const AGENTS: Record<AgentKind, Agent> = {
  react: reactAgent,
  tools: toolsAgent,
  "workbench-2026": workbench2026Agent,
  oracle: oracleAgent,
  "oracle-retry": retryingOracleAgent,
  noop: noopAgent,
  replay: replayAgent,
};

/**
 * The agent of this kind. Whatever the kind, a run without the engine's settings (deps.engine) fails
 * at once: every caller that runs an agent hands them in, so none can silently read a default folder.
 */
export function createAgent(kind: AgentKind): Agent {
  const agent = AGENTS[kind];
  return {
    kind,
    run: async (task, deps: AgentDeps) => {
      engineSettingsOf(deps);
      return agent.run(task, deps);
    },
  };
}

export { buildReactSystemPrompt, DATE_PREAMBLE } from "./react-prompt";
export { TOOLS_SYSTEM_PROMPT } from "./tools-agent";
export { DATETIME_PREFIX_2026, systemPrompt2026, parametersSchema2026, sanitizeToolName2026, toolDescription2026 } from "./workbench-2026/harness";
export { taskSignal } from "./run-errors";
export { MissingAgentDepError } from "./required-deps";
export { toProviderToolName, fromProviderToolName } from "./tool-names";
export * from "./types";
