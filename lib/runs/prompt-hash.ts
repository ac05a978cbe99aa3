// A fingerprint of what the model was shown, stored on the run: two runs with the same hash saw the
// same prompt template and tool descriptions.
import { createHash } from "node:crypto";
import type { AgentKind, EngineSettings } from "@/lib/workbench/agents/types";
import { ALL_TOOLS } from "@/lib/workbench/tools";
import { buildReactSystemPrompt, TOOLS_SYSTEM_PROMPT } from "@/lib/workbench/agents";
import { parametersSchema2026, sanitizeToolName2026, systemPrompt2026, toolDescription2026 } from "@/lib/workbench/agents";

/** `engine`: where workbench-2026's tool descriptions are read (the run's own engine settings). */
export function promptHashFor(agent: AgentKind, engine: EngineSettings): string | null {
  // The whole system prompt with every tool's description, so an edited description changes the hash.
  if (agent === "react") return sha256(buildReactSystemPrompt(ALL_TOOLS));
  if (agent === "tools") {
    const toolText = ALL_TOOLS.map((tool) => `${tool.name}\n${tool.description}\n${tool.parameters.join(",")}`);
    return sha256([TOOLS_SYSTEM_PROMPT, ...toolText].join("\n\n"));
  }
  if (agent === "workbench-2026") {
    const toolText = ALL_TOOLS.map((tool) => `${sanitizeToolName2026(tool.name)}\n${toolDescription2026(tool, engine)}\n${JSON.stringify(parametersSchema2026(tool, engine))}`);
    return sha256([systemPrompt2026(true), ...toolText].join("\n\n"));
  }
  return null; // oracle, noop and replay show no prompt to anything
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
