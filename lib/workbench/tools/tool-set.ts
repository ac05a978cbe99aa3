// The tools of one protocol, as a live agent and the scorer's replay run them. Both protocols share
// the same tool definitions; what differs is the ToolRules data the set is built with.
import type { Call } from "../calls/types";
import type { Sandbox, Tool, ToolOutcome } from "./types";
import type { ToolRules } from "./rules";

export interface ToolSet {
  /** Which protocol's semantics these tools follow ("2024" or "2026"). */
  readonly protocol: ToolRules["protocol"];
  /** The data the tools' behaviour is switched by. */
  readonly rules: ToolRules;
  /** In the order the paper's prompt lists them. */
  readonly all: readonly Tool[];
  get(name: string): Tool | undefined;
  /** The "domains" setting: the task's toolkits plus the company directory, in prompt order. */
  forToolkits(toolkits: readonly string[]): Tool[];
  /** Runs a parsed call (an unknown tool fails as the protocol's harness fails it). */
  execute(sandbox: Sandbox, call: Call): ToolOutcome;
}
