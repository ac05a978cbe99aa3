// What the WorkBench Revisited (2026) harness shows a model and records, as data: upstream
// src/evals/agent.py and inference.py (5b76dee / f7bed57), structured-outputs mode. Engine code.
import type { LanguageModel } from "ai";
import { pythonStr } from "../calls";
import { PROTOCOLS } from "../protocols/definitions";
import type { Tool } from "../tools/types";

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

/** tool.py _title_case: "event_id" → "Event Id" (the property's description). */
function titleCase(name: string): string {
  return name
    .split("_")
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : word))
    .join(" ");
}

/**
 * tool.py _args_schema_to_json_schema: every parameter a string described by its title; none is
 * required (every tool argument has a default), and extra keys are not forbidden.
 */
export function parametersSchema2026(tool: Tool): { type: "object"; properties: Record<string, { type: "string"; description: string }> } {
  return {
    type: "object",
    properties: Object.fromEntries(tool.parameters.map((name) => [name, { type: "string" as const, description: titleCase(name) }])),
  };
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
 * agent.py MODEL_REGISTRY (5b76dee): the models registered with supports_temperature
 * False, by registry name and model id. For them _call_llm and _call_llm_structured
 * (`if route.supports_temperature: kwargs["temperature"] = ...`) send no temperature at all, so the provider's default applies.
 */
const NO_TEMPERATURE_MODELS_2026: ReadonlySet<string> = new Set([
  "gpt-5.5", "gpt-5.4-mini", "gpt-5.4-nano", "gpt-5.3", "gpt-5.2", "gpt-5.1", "gpt-5", "gpt-5-nano",
  "claude-opus-4.8", "claude-opus-4-8", "claude-opus-4.7", "claude-opus-4-7", "claude-opus-4.6", "claude-opus-4-6",
  "claude-opus-4.5", "claude-opus-4-5", "claude-opus-4.1", "claude-opus-4-1", "claude-opus-4",
  "o3", "o1",
]);

/** A model id as the registry would know it: no "provider/" prefix, no snapshot date suffix, lower case. */
function registryKey(modelId: string): string {
  return modelId
    .toLowerCase()
    .slice(modelId.lastIndexOf("/") + 1)
    .replace(/-(\d{8}|\d{4}-\d{2}-\d{2})$/, "");
}

/**
 * Whether the 2026 harness sends a temperature to this model (agent.py route.supports_temperature).
 * A model the registry does not list is sent one: upstream refuses unlisted models, and every model
 * it lists outside the table above takes a temperature.
 */
export function supportsTemperature2026(modelId: string): boolean {
  return !NO_TEMPERATURE_MODELS_2026.has(registryKey(modelId));
}

/** The model turn's omitTemperature for this run's model (no model: nothing to omit). */
export function omitsTemperature2026(model: LanguageModel | undefined): boolean {
  if (!model) return false;
  return !supportsTemperature2026(typeof model === "string" ? model : model.modelId);
}

/*
 * What the 2026 harness tells a model about a tool. Upstream sends each function's whole docstring as
 * its description (tool.py `description=func.__doc__`, used by tool_to_openai_schema and
 * render_tool_description) while the argument schemas carry titles only; the docstrings state each
 * argument's format and allowed values, result limits and the return shape. Ours carry the same facts in
 * our own words: the tool's description, then each argument's doc, then what it returns where the
 * description does not say. The tables below hold only what the shared tool docs lack for 2026.
 */

/** Argument docs that differ under the 2026 tools (create_plot accepts only the visits_* names there). */
const ARGUMENT_DOCS_2026: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "analytics.create_plot": {
    value_to_plot:
      'Value to plot: "total_visits", "session_duration_seconds", "user_engaged", "visits_direct", "visits_referral", ' +
      '"visits_search_engine" or "visits_social_media".',
  },
  "project_management.update_task": {
    new_value:
      'New value for the field. list_name must be "Backlog", "In Progress", "In Review" or "Completed"; board must be ' +
      '"Back end", "Front end" or "Design"; assigned_to_email must be an existing team member.',
  },
};

/** The result, for tools whose description does not already say what comes back. */
const RETURNS_2026: Readonly<Record<string, string>> = {
  "email.send_email": 'a confirmation ("Email sent successfully.") or what was missing or invalid.',
  "email.delete_email": "a message saying whether the email was deleted.",
  "email.forward_email": "a message saying whether the email was forwarded.",
  "email.reply_email": "a message saying whether the reply was sent.",
  "calendar.delete_event": "a message saying whether the event was deleted.",
  "calendar.update_event": "a message saying whether the event was updated.",
  "project_management.delete_task": "a message saying whether the task was deleted.",
  "project_management.update_task": "a message saying whether the task was updated.",
  "customer_relationship_manager.update_customer": "a message saying whether the customer was updated.",
  "customer_relationship_manager.delete_customer": "a message saying whether the customer was deleted.",
  "company_directory.find_email_address": 'a list of the matching email addresses, or "No employee found with that name."',
};

/** The description the 2026 harness sends for a tool (both loops): description, arguments, result. */
export function toolDescription2026(tool: Tool): string {
  const overrides = ARGUMENT_DOCS_2026[tool.name] ?? {};
  const args = tool.parameters.map((param) => `- ${param}: ${overrides[param] ?? tool.argumentDocs[param] ?? param}`);
  const returns = RETURNS_2026[tool.name];
  return [tool.description, args.length > 0 ? `Arguments (all strings):\n${args.join("\n")}` : "", returns ? `Returns ${returns}` : ""]
    .filter(Boolean)
    .join("\n\n");
}
