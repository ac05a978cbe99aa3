/**
 * Tool refusals: the original tools answer a bad call with a message string instead of raising
 * ("Email not found.", "Event ID not provided.", "Invalid recipient email address."), so the call
 * "succeeds" (the agent reads the message as its observation) but does nothing. These patterns cover
 * every such message of the 2024 and 2026 tools (refusals.test.ts lists each message from the tools'
 * own sources and fails when a tool gains one that is neither a refusal nor a result).
 * "No events found." / "No emails found." are empty search results, not refusals.
 */
const REFUSAL_PATTERNS: readonly RegExp[] = [
  // "Event ID not provided.", "Field not provided.", "Recipient, subject, or body not provided.", ...
  /^[A-Z][A-Za-z ,]* not provided\.$/,
  /^No search parameters provided\.( Please provide at least one parameter\.)?$/,
  /^(Event|Email|Task|Customer|Visitor|Field) not found\.$/,
  /^Invalid recipient email address\.$/,
  /^Missing task details\.$/,
  /^Please provide all required fields: customer_name, assigned_to_email, status\.$/,
  // "Assignee email not valid. …", "Board not valid. …", "Field not valid." (PM), CRM's long "Field not valid. Please choose from: …"
  /^(Assignee email|List|Board|Status|Product interest|Field) not valid\./,
  /^(Value to plot|Plot type) must be one of /,
];

/** Refusals are one line and short; anything longer is a result, whatever it contains. */
export const MAX_REFUSAL_CHARS = 300;

/** Did the tool refuse the call by its answer (a message string, the call did nothing)? */
export function isToolRefusal(observation: string | null | undefined): boolean {
  if (!observation || observation.length > MAX_REFUSAL_CHARS) return false;
  return REFUSAL_PATTERNS.some((pattern) => pattern.test(observation));
}

/** How a tool call ended, as the trace, step counts and per-tool rates show it. */
export type ToolCallStatus = "ok" | "refused" | "failed";

/** `ok` is the stored outcome (false: the call raised); a call that ran may still have been refused. */
export function toolCallStatus(ok: boolean | null | undefined, observation: string | null | undefined): ToolCallStatus {
  if (ok === false) return "failed";
  return isToolRefusal(observation) ? "refused" : "ok";
}
