// What upstream's tool.py (f7bed57) derives from a tool's Python definition, computed from the
// definition read out of the official source (workbench-2026/docstrings.ts): the argument schema
// (_build_args_schema), the OpenAI function schema the structured loop sends (tool_to_openai_schema)
// and the one-line rendering the ReAct loop's system prompt lists (render_tool_description).
import { readStringLiteral, reprString, startsStringLiteral } from "../../calls/python-string";
import type { UpstreamParameter2026, UpstreamTool2026 } from "./docstrings";

/** tool.py _TYPE_MAP: anything else (a union such as `str | None`) is "string". */
const JSON_TYPES: Readonly<Record<string, string>> = { str: "string", int: "integer", float: "number", bool: "boolean" };

/** tool.py _title_case: each "_"-separated word capitalised (str.capitalize: first upper, rest lower). */
export function titleCase2026(name: string): string {
  return name
    .split("_")
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : word))
    .join(" ");
}

/** A default's Python value for repr(): a str literal's decoded text, or null for None. */
type DefaultValue = { readonly kind: "str"; readonly value: string } | { readonly kind: "other"; readonly repr: string };

function defaultValue(source: string): DefaultValue {
  if (startsStringLiteral(source, 0)) {
    const token = readStringLiteral(source, 0);
    if (token.end === source.length && !token.bytes) return { kind: "str", value: token.value };
  }
  // None, True, False and numbers print as written.
  return { kind: "other", repr: source };
}

function reprDefault(source: string): string {
  const value = defaultValue(source);
  return value.kind === "str" ? reprString(value.value) : value.repr;
}

/** get_type_hints(func).get(name, str) mapped by _type_to_json_schema_type. */
function jsonType(parameter: UpstreamParameter2026): string {
  return JSON_TYPES[parameter.annotation ?? "str"] ?? "string";
}

export interface FunctionParameters2026 {
  readonly type: "object";
  readonly properties: Record<string, { readonly type: string; readonly description: string }>;
  readonly required?: string[];
}

/** tool.py _args_schema_to_json_schema: each property typed and described by its title; required = no default. */
export function parametersSchemaOf2026(tool: UpstreamTool2026): FunctionParameters2026 {
  const properties = Object.fromEntries(
    tool.parameters.map((parameter) => [parameter.name, { type: jsonType(parameter), description: titleCase2026(parameter.name) }]),
  );
  const required = tool.parameters.filter((parameter) => parameter.defaultSource === null).map((parameter) => parameter.name);
  return required.length > 0 ? { type: "object", properties, required } : { type: "object", properties };
}

/** tool.py tool_to_openai_schema (agent.py then replaces the name with its sanitized form). */
export function openAiToolSchema2026(tool: UpstreamTool2026, name: string = tool.name) {
  return { type: "function" as const, function: { name, description: tool.docstring, parameters: parametersSchemaOf2026(tool) } };
}

/** tool.py _build_signature_str: `name(param: annotation = repr(default), …) -> return`. */
export function signatureOf2026(tool: UpstreamTool2026): string {
  const parts = tool.parameters.map((parameter) => {
    const annotation = parameter.annotation === null ? "" : `: ${parameter.annotation}`;
    return parameter.defaultSource === null ? `${parameter.name}${annotation}` : `${parameter.name}${annotation} = ${reprDefault(parameter.defaultSource)}`;
  });
  return `${tool.name}(${parts.join(", ")})${tool.returns ? ` -> ${tool.returns}` : ""}`;
}

/** repr() of tool.py's args_schema dict: `{'name': {'title': 'Name', 'type': 'string', 'default': None}, …}`. */
export function argsSchemaRepr2026(tool: UpstreamTool2026): string {
  const entries = tool.parameters.map((parameter) => {
    const fields = [`'title': ${reprString(titleCase2026(parameter.name))}`, `'type': ${reprString(jsonType(parameter))}`];
    if (parameter.defaultSource !== null) fields.push(`'default': ${reprDefault(parameter.defaultSource)}`);
    return `${reprString(parameter.name)}: {${fields.join(", ")}}`;
  });
  return `{${entries.join(", ")}}`;
}

/** tool.py render_tool_description: `name: signature - docstring, args: {schema}`. */
export function renderToolDescription2026(tool: UpstreamTool2026): string {
  return `${tool.name}: ${signatureOf2026(tool)} - ${tool.docstring}, args: ${argsSchemaRepr2026(tool)}`;
}
