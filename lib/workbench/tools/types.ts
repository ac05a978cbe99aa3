import type { Sandbox } from "../sandbox/types";
import type { Toolkit } from "../core/toolkits";

/** The sandbox tools run against is the sandbox layer's (tools sit above it). */
export type { Sandbox } from "../sandbox/types";

/** What a tool call produced. */
export type ToolOutcome =
  /** The tool ran: `value` is what the Python tool returned (string, object, list, number). */
  | { readonly ok: true; readonly value: unknown; readonly observation: string }
  /**
   * The call raised in the original (Python exception: unknown tool, unexpected keyword, unparseable
   * date, str/Timestamp comparison...). The replay skips it; an agent sees `observation`.
   */
  | { readonly ok: false; readonly errorType: string; readonly message: string; readonly observation: string };

/** A tool's domain is one of the tasks' toolkits. */
export type ToolDomain = Toolkit;

export interface Tool {
  /** Dotted name as the agent and the call strings use it, e.g. "calendar.delete_event". */
  readonly name: string;
  readonly domain: ToolDomain;
  /** Description shown to the model (our words, the original's facts). */
  readonly description: string;
  /** Argument names in declaration order (positional order of the Python function); each is an optional string. */
  readonly parameters: readonly string[];
  /** What each argument is, as the model is told (its zod schema: toolInputSchema in input-schema.ts). */
  readonly argumentDocs: Readonly<Record<string, string>>;
  readonly hasSideEffects: boolean;
  /** Never throws for bad model input: such problems come back as an outcome. */
  execute(sandbox: Sandbox, args: Readonly<Record<string, string>>): ToolOutcome;
}
