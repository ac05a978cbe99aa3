// What the WorkBench Revisited (2026) harness shows a model and records, as data: upstream
// src/evals/agent.py and inference.py (5b76dee / f7bed57), structured-outputs mode. Engine code.
import { pythonStr } from "../../calls";
import { PROTOCOLS } from "../../protocols/definitions";
import type { Tool } from "../../tools/types";
import type { EngineSettings } from "../types";
import { upstreamTool2026 } from "./docstrings";
import { parametersSchemaOf2026, type FunctionParameters2026 } from "./tool-schema";

/** inference.py generate_results: HARDCODED_CURRENT_TIME rendered as "%A, date and time". */
export const DATETIME_PREFIX_2026 =
  "Today's date is Thursday, 2023-11-30 and the current time is 00:00:00. Remember the current date and time " +
  "when completing tasks. Meetings must not start before 9am or end after 6pm.";

/** agent.py ACT_WITHOUT_CONFIRMATION_SUFFIX (the published runs set act_without_confirmation). */
export const ACT_WITHOUT_CONFIRMATION_SUFFIX =
  " Do not ask for confirmation before executing actions." +
  " Execute actions immediately and continue until the task is fully complete." +
  " Do not stop after a search or lookup step.";

/** agent.py run_agent_structured: the prefix alone, plus the stripped suffix after one space. */
export function systemPrompt2026(actWithoutConfirmation: boolean): string {
  return actWithoutConfirmation ? `${DATETIME_PREFIX_2026} ${ACT_WITHOUT_CONFIRMATION_SUFFIX.trim()}` : DATETIME_PREFIX_2026;
}

/** toolkits.py all_tools (27f2442): the tools with side effects first, then the read-only ones. */
const ALL_TOOLS_ORDER_2026 = [
  "calendar.create_event", "calendar.delete_event", "calendar.update_event",
  "email.send_email", "email.delete_email", "email.forward_email", "email.reply_email",
  "analytics.create_plot",
  "project_management.create_task", "project_management.delete_task", "project_management.update_task",
  "customer_relationship_manager.update_customer", "customer_relationship_manager.add_customer", "customer_relationship_manager.delete_customer",
  "calendar.get_event_information_by_id", "calendar.search_events",
  "email.get_email_information_by_id", "email.search_emails",
  "analytics.engaged_users_count", "analytics.get_visitor_information_by_id", "analytics.traffic_source_count",
  "analytics.total_visits_count", "analytics.get_average_session_duration",
  "project_management.get_task_information_by_id", "project_management.search_tasks",
  "customer_relationship_manager.search_customers",
  "company_directory.find_email_address",
];
/**
 * inference.py _TOOLKIT_MAP (f7bed57, lines 43-49): the toolkit names get_toolkits recognises, in the
 * order the "all" setting lists them; the company directory always comes last (line 59).
 */
const TOOLKIT_ORDER_2026 = ["email", "calendar", "analytics", "project_management", "customer_relationship_manager"];

export type ToolSelection2026 = "all" | "domains";

/**
 * The tools the 2026 harness offers for a task, in its order. "all": every toolkit in _TOOLKIT_MAP
 * order. "domains": inference.py get_toolkits (f7bed57, lines 52-60; line 56 `if name in _TOOLKIT_MAP`) over the task's `domains` column,
 * which keeps only names that are _TOOLKIT_MAP keys: the tasks' "crm"
 * abbreviation is not one, so a task listing "crm" gets no CRM tools (the published 2026 runs ran so;
 * our own `tools` agent resolves the alias). Each toolkit in toolkits.py order, then the directory.
 * `tools` must contain every tool to offer (the run's tool set); `selection` unknown: "all" when every
 * toolkit is offered.
 */
export function orderTools2026<T extends { readonly name: string; readonly domain: string }>(
  tools: readonly T[],
  taskToolkits: readonly string[],
  selection?: ToolSelection2026,
): T[] {
  const offered = new Set(tools.map((tool) => tool.domain));
  const all = (selection ?? (TOOLKIT_ORDER_2026.every((toolkit) => offered.has(toolkit)) ? "all" : "domains")) === "all";
  const toolkits = [...new Set(all ? TOOLKIT_ORDER_2026 : taskToolkits.filter((name) => TOOLKIT_ORDER_2026.includes(name))), "company_directory"];
  const rank = (tool: T) => {
    const within = ALL_TOOLS_ORDER_2026.indexOf(tool.name);
    return toolkits.indexOf(tool.domain) * 1_000 + (within < 0 ? ALL_TOOLS_ORDER_2026.length : within);
  };
  return tools.filter((tool) => toolkits.includes(tool.domain)).sort((a, b) => rank(a) - rank(b));
}

/** agent.py _sanitize_tool_name: every character outside [a-zA-Z0-9_-] becomes "_". */
export function sanitizeToolName2026(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_");
}

/**
 * tool.py _args_schema_to_json_schema of the tool's upstream signature, read from the official source
 * at run time: every parameter typed by its annotation and described by its title; none is required
 * (every tool argument has a default), and extra keys are not forbidden.
 */
export function parametersSchema2026(tool: Tool, engine: EngineSettings): FunctionParameters2026 {
  return parametersSchemaOf2026(upstreamTool2026(tool.name, engine.dataDir));
}

/**
 * actions.py convert_intermediate_step_to_function_call: arguments in the order the model sent them,
 * values escaped. The harness always records this way, so it is the 2026 protocol's format.
 */
export function formatCall2026(tool: string, args: Readonly<Record<string, unknown>>): string {
  return PROTOCOLS["2026"].formatCall(tool, args);
}

/** agent.py: a non-object input is recorded as {"input": str(input)} and the tool gets no arguments. */
export function recordedInput2026(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : { input: pythonStr(input) };
}

/** agent.py: the unknown-tool observation lists the dotted names of the tools offered. */
export function toolNotFound2026(name: string, tools: readonly Tool[]): string {
  return `Tool '${name}' not found. Available tools: ${tools.map((tool) => tool.name).join(", ")}`;
}

/**
 * agent.py sends the system prompt with role "system" to every model; the AI SDK's OpenAI client would
 * send it as "developer" to the models it knows as reasoning models (gpt-5*, o-series).
 */
export const PROVIDER_OPTIONS_2026 = { openai: { systemMessageMode: "system" } } as const;

/**
 * The description the 2026 harness sends for a tool: its Python docstring verbatim (tool.py
 * `description=func.__doc__ or ""`), read at run time from the official source files.
 */
export function toolDescription2026(tool: Tool, engine: EngineSettings): string {
  return upstreamTool2026(tool.name, engine.dataDir).docstring;
}
