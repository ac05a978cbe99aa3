// A tool's arguments as a strict zod schema: every argument an optional, described string, and an
// unexpected keyword fails as the Python call would. Built on first use per tool (and kept), so that
// what only replays calls (the scorer, its helper thread, the CLI's start-up) never loads zod, which
// costs about 50 ms of start-up per thread.
import { z } from "zod";
import type { Tool } from "./types";

export type ToolInputSchema = z.ZodObject<Record<string, z.ZodOptional<z.ZodString>>>;

const schemas = new WeakMap<Tool, ToolInputSchema>();

export function toolInputSchema(tool: Tool): ToolInputSchema {
  let schema = schemas.get(tool);
  if (!schema) {
    schema = z.strictObject(Object.fromEntries(tool.parameters.map((name) => [name, z.string().optional().describe(tool.argumentDocs[name] ?? name)])));
    schemas.set(tool, schema);
  }
  return schema;
}

/**
 * Why a model's input fails the tool's schema (an unknown or non-string keyword), or undefined when it
 * passes; the built-in tools agent and the MCP endpoint both answer with this message.
 */
export function toolInputError(tool: Tool, input: unknown): Error | undefined {
  const parsed = toolInputSchema(tool).safeParse(input);
  return parsed.success ? undefined : new Error(parsed.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; "));
}
