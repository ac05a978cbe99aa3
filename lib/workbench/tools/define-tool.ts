/**
 * One definition per tool: name, description, argument docs (in the Python signature's order),
 * side effects, and a `run` that may throw PythonError for what the original would raise. `run`
 * receives the protocol's ToolRules, so one definition serves both protocols (`bindTool`).
 * The wrapper rejects unexpected keywords the way Python does and turns PythonErrors into outcomes.
 */
import type { Sandbox, Tool, ToolDomain, ToolOutcome } from "./types";
import { formatObservation } from "./format";
import { jsonDumps } from "./json-dumps";
import { PythonError } from "./python-error";
import { TOOL_RULES_2024, type ToolRules } from "./rules";

/** Arguments as the tool receives them: absent means the Python default. */
export type ToolArgs = Readonly<Record<string, string | undefined>>;

export interface ToolSpec {
  readonly name: string;
  readonly domain: ToolDomain;
  /** Shown to the model; a function when the protocols' tools behave differently enough to say so. */
  readonly description: string | ((rules: ToolRules) => string);
  /** [argument name, description] in declaration order. */
  readonly parameters: readonly (readonly [string, string])[];
  readonly hasSideEffects: boolean;
  run(sandbox: Sandbox, args: ToolArgs, rules: ToolRules): unknown;
}

const specs = new WeakMap<Tool, ToolSpec>();

/** The tool under the 2024 rules; `bindTool` gives it under another protocol's. */
export function defineTool(spec: ToolSpec): Tool {
  return bind(spec, TOOL_RULES_2024);
}

/** The same definition under other rules (the 2026 tools are the 2024 definitions bound to TOOL_RULES_2026). */
export function bindTool(tool: Tool, rules: ToolRules): Tool {
  const spec = specs.get(tool);
  if (!spec) throw new Error(`${tool.name} was not made by defineTool`);
  return bind(spec, rules);
}

function bind(spec: ToolSpec, rules: ToolRules): Tool {
  const parameters = spec.parameters.map(([name]) => name);
  const functionName = spec.name.split(".").pop() ?? spec.name;
  const tool: Tool = {
    name: spec.name,
    domain: spec.domain,
    description: typeof spec.description === "string" ? spec.description : spec.description(rules),
    parameters,
    argumentDocs: Object.fromEntries(spec.parameters),
    hasSideEffects: spec.hasSideEffects,
    execute(sandbox: Sandbox, args: Readonly<Record<string, string>>): ToolOutcome {
      const unexpected = Object.keys(args).find((key) => !parameters.includes(key));
      if (unexpected !== undefined) {
        return failure("TypeError", `${functionName}() got an unexpected keyword argument '${unexpected}'`);
      }
      try {
        const result = spec.run(sandbox, args, rules);
        // 2026 tools return json.dumps(...) strings; serialising can raise (a Timestamp is not JSON).
        const value = rules.results === "json" && typeof result !== "string" ? jsonDumps(result) : result;
        let observation: string | undefined;
        // Formatted on first read: the scorer's replays never look at observations.
        return {
          ok: true,
          value,
          get observation() {
            return (observation ??= formatObservation(value));
          },
        };
      } catch (error) {
        if (error instanceof PythonError) return failure(error.errorType, error.message);
        throw error;
      }
    },
  };
  specs.set(tool, spec);
  return tool;
}

export function failure(errorType: string, message: string): ToolOutcome {
  return { ok: false, errorType, message, observation: `${errorType}: ${message}` };
}
