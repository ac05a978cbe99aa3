// A tool call's arguments as the model sent them. A step's `args` are the call's string arguments (what
// the call string and the tools take); when the model sent other JSON types (a number the tool refused,
// {time_min: 12345}) the step also keeps them as sent (`arguments`, Step.arguments), so an export or a
// trace shows the call the model made, not "12345". Exports (Inspect ToolCall/ToolEvent, OTel
// gen_ai.tool.call.arguments) read them through argumentsAsSent().

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What a tool step stores as `arguments`: the model's input when it is a JSON object holding a value
 * that is not a string (its `args` cannot say it); undefined when `args` already hold what was sent.
 */
export function sentArguments(input: unknown): JsonObject | undefined {
  if (!isObject(input)) return undefined;
  return Object.values(input).some((value) => typeof value !== "string") ? input : undefined;
}

/** A tool step's arguments as the model sent them: the stored `arguments` when there are any, else its `args`. */
export function argumentsAsSent(step: { readonly args: unknown; readonly arguments?: unknown }): JsonObject {
  if (isObject(step.arguments)) return { ...step.arguments };
  return isObject(step.args) ? { ...step.args } : {};
}
