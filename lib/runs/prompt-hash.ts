// A fingerprint of what the model was shown, stored on the run: two runs with the same hash saw the
// same prompt template and tool descriptions.
import { createHash } from "node:crypto";
import type { AgentKind } from "@/lib/workbench/agents/types";
import { ALL_TOOLS, reactPromptHash, TOOLS_SYSTEM_PROMPT } from "./engine";

export function promptHashFor(agent: AgentKind): string | null {
  if (agent === "react") return reactPromptHash();
  if (agent === "tools") {
    const toolText = ALL_TOOLS.map((tool) => `${tool.name}\n${tool.description}\n${tool.parameters.join(",")}`);
    return createHash("sha256").update([TOOLS_SYSTEM_PROMPT, ...toolText].join("\n\n")).digest("hex");
  }
  return null; // oracle, noop and replay show no prompt to anything
}
