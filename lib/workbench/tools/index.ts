/**
 * The 27 WorkBench tools and how a call string's tool runs: `executeCall` reproduces what the
 * original's `eval("<toolkit>.<tool>.func(...)")` did, including the exceptions it raised.
 */
import type { Call } from "../calls/types";
import { OTHER_EVALUATOR_MODULES } from "../calls/parse-call";
import { isToolkit } from "../core/toolkits";
import { toToolkit } from "../datasets/toolkits";
import type { Sandbox, Tool, ToolDomain, ToolOutcome } from "./types";
import { ANALYTICS_TOOLS } from "./analytics";
import { CALENDAR_TOOLS } from "./calendar";
import { COMPANY_DIRECTORY_TOOLS } from "./company-directory";
import { CRM_TOOLS } from "./customer-relationship-manager";
import { bindTool, failure } from "./define-tool";
import { TOOL_RULES_2024, TOOL_RULES_2026, type ToolRules } from "./rules";
import { EMAIL_TOOLS } from "./email";
import { PROJECT_MANAGEMENT_TOOLS } from "./project-management";
import type { ToolSet } from "./tool-set";

export type { ToolSet } from "./tool-set";
export { TOOL_RULES_2024, TOOL_RULES_2026, type ToolRules } from "./rules";

export { formatObservation, NumpyStringArray, PythonFloat, pythonRepr } from "./format";
export { PythonError } from "./python-error";

/** In the order the paper's prompt lists them. */
export const ALL_TOOLS: readonly Tool[] = [
  ...EMAIL_TOOLS,
  ...CALENDAR_TOOLS,
  ...ANALYTICS_TOOLS,
  ...PROJECT_MANAGEMENT_TOOLS,
  ...CRM_TOOLS,
  ...COMPANY_DIRECTORY_TOOLS,
];

export { TOOLKITS } from "../core/toolkits";
export { toToolkit } from "../datasets/toolkits";

const TOOLS_BY_NAME = new Map(ALL_TOOLS.map((tool) => [tool.name, tool]));

export function getTool(name: string): Tool | undefined {
  return TOOLS_BY_NAME.get(name);
}

/** The paper's "domains" setting: the task's toolkits plus the company directory, in prompt order. */
export function toolsForToolkits(toolkits: readonly string[]): Tool[] {
  const wanted = new Set<ToolDomain>(["company_directory"]);
  for (const name of toolkits) {
    const toolkit = toToolkit(name);
    if (toolkit) wanted.add(toolkit);
  }
  return ALL_TOOLS.filter((tool) => wanted.has(tool.domain));
}

export function executeCall(sandbox: Sandbox, call: Call): ToolOutcome {
  const tool = getTool(call.tool);
  if (tool) return tool.execute(sandbox, call.args);
  const [head = "", ...rest] = call.tool.split(".");
  const module = isToolkit(head) ? `src.tools.${head}` : head;
  if (!isToolkit(head) && !OTHER_EVALUATOR_MODULES.has(head)) {
    return failure("NameError", `name '${head}' is not defined`);
  }
  return failure("AttributeError", `module '${module}' has no attribute '${rest[0] ?? "func"}'`);
}

function createToolSet(rules: ToolRules): ToolSet {
  const tools = rules === TOOL_RULES_2024 ? ALL_TOOLS : ALL_TOOLS.map((tool) => bindTool(tool, rules));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    protocol: rules.protocol,
    rules,
    all: tools,
    get: (name) => byName.get(name),
    forToolkits: (toolkits) => {
      const wanted = new Set(toolsForToolkits(toolkits).map((tool) => tool.domain));
      return tools.filter((tool) => wanted.has(tool.domain));
    },
    execute: (sandbox, call) => {
      const tool = byName.get(call.tool);
      if (tool) return tool.execute(sandbox, call.args);
      // 2026 dispatches only known tool names (actions.py:45-47); 2024 fails as eval() did.
      return rules.unknownTool === "rejected" ? failure("RejectedTool", `not a tool: '${call.tool}'`) : executeCall(sandbox, call);
    },
  };
}

/** The 2024 paper's tools. */
export const TOOLS_2024: ToolSet = createToolSet(TOOL_RULES_2024);
/** WorkBench Revisited's tools: the same definitions under TOOL_RULES_2026. */
export const TOOLS_2026: ToolSet = createToolSet(TOOL_RULES_2026);
