/**
 * One definition per tool: name, description, argument docs (in the Python signature's order),
 * side effects, and a `run` that may throw PythonError for what the original would raise.
 * The wrapper rejects unexpected keywords the way Python does and turns PythonErrors into outcomes.
 */
import { z } from "zod";
import type { Sandbox, Tool, ToolDomain, ToolOutcome } from "./types";
import { formatObservation } from "./format";
import { PythonError } from "./python-error";

/** Arguments as the tool receives them: absent means the Python default. */
export type ToolArgs = Readonly<Record<string, string | undefined>>;

export interface ToolSpec {
  readonly name: string;
  readonly domain: ToolDomain;
  readonly description: string;
  /** [argument name, description] in declaration order. */
  readonly parameters: readonly (readonly [string, string])[];
  readonly hasSideEffects: boolean;
  run(sandbox: Sandbox, args: ToolArgs): unknown;
}

export function defineTool(spec: ToolSpec): Tool {
  const parameters = spec.parameters.map(([name]) => name);
  const shape = Object.fromEntries(spec.parameters.map(([name, doc]) => [name, z.string().optional().describe(doc)]));
  const functionName = spec.name.split(".").pop() ?? spec.name;
  return {
    name: spec.name,
    domain: spec.domain,
    description: spec.description,
    inputSchema: z.object(shape),
    parameters,
    hasSideEffects: spec.hasSideEffects,
    execute(sandbox: Sandbox, args: Readonly<Record<string, string>>): ToolOutcome {
      const unexpected = Object.keys(args).find((key) => !parameters.includes(key));
      if (unexpected !== undefined) {
        return failure("TypeError", `${functionName}() got an unexpected keyword argument '${unexpected}'`);
      }
      try {
        const value = spec.run(sandbox, args);
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
}

export function failure(errorType: string, message: string): ToolOutcome {
  return { ok: false, errorType, message, observation: `${errorType}: ${message}` };
}
