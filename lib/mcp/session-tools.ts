// The tools of an MCP session and what a call does: the same tool definitions, argument validation,
// execution and step recording as the built-in `tools` agent (provider-safe names, strict zod schemas,
// invalid calls recorded as failed steps that never ran), so the trace page shows an external agent's
// calls exactly as it shows a built-in one's, and the scorer replays the same call strings.
import { zodSchema } from "ai";
import type { AgentDeps } from "@/lib/workbench/agents/types";
import type { Tool } from "@/lib/workbench/tools/types";
import { toolInputError, toolInputSchema } from "@/lib/workbench/tools/input-schema";
import { Trace } from "@/lib/workbench/agents/trace";
import { runToolCall } from "@/lib/workbench/agents/run-tool";
import { recordInvalidCall } from "@/lib/workbench/agents/invalid-call";
import { fromProviderToolName, toProviderToolName } from "@/lib/workbench/agents/tool-names";
import { getRunContext, type RunContext } from "@/lib/runs/run-context";
import { createDbStepSink } from "@/lib/runs/step-store";
import type { McpDeps } from "./deps";
import type { OpenSession } from "./session-auth";
import { forgetSessionSandbox, sessionSandbox } from "./session-sandbox";

/** A session may not call tools without end (a runaway loop); the paper's agent had 20 steps. */
export const MAX_CALLS_PER_SESSION = 500;

/** A tool call is synchronous work on the sandbox; the session's deadline is enforced per request. */
const NEVER_ABORTED = new AbortController().signal;

export interface ListedTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly type: "object"; readonly [key: string]: unknown };
}

export interface ToolCallReply {
  readonly text: string;
  readonly isError: boolean;
  /** The name is not one of the session's tools: a protocol error for MCP (the call is still recorded). */
  readonly unknownTool?: boolean;
}

export async function sessionTools(deps: McpDeps, session: OpenSession): Promise<readonly Tool[]> {
  const run = await getRunContext(deps.db, session.runId);
  return toolsOf(run, session);
}

/** The run's protocol's tools (2024 or 2026), as the built-in agents get them (process-task-job.ts). */
function toolsOf(run: RunContext, session: OpenSession): readonly Tool[] {
  const task = run.version.tasksByKey.get(session.taskKey);
  return run.toolSet === "all" || !task ? run.protocol.tools.all : run.protocol.tools.forToolkits(task.toolkits);
}

const listed = new Map<string, Promise<ListedTool>>();

/** MCP `tools/list` entries: the JSON Schema the `tools` agent sends a model, memoised per tool. */
export function listTools(tools: readonly Tool[]): Promise<ListedTool[]> {
  return Promise.all(
    tools.map((tool) => {
      let entry = listed.get(tool.name);
      if (!entry) {
        entry = (async () => {
          const schema = await zodSchema(toolInputSchema(tool)).jsonSchema;
          return { name: toProviderToolName(tool.name), description: tool.description, inputSchema: { ...schema, type: "object" as const } };
        })();
        listed.set(tool.name, entry);
      }
      return entry;
    }),
  );
}

/** Runs one `tools/call` on the session's sandbox; the caller holds the session's lock. */
export async function callSessionTool(deps: McpDeps, session: OpenSession, name: string, input: unknown): Promise<ToolCallReply> {
  if (session.callCount >= MAX_CALLS_PER_SESSION) {
    return { text: `Error: this session has made ${MAX_CALLS_PER_SESSION} calls, the most one task may make`, isError: true };
  }
  const run = await getRunContext(deps.db, session.runId);
  const sink = createDbStepSink(deps.sql, session.resultId, session.attempt, session.stepCount);
  const trace = new Trace(sink);
  const dotted = fromProviderToolName(name);
  const tools = toolsOf(run, session);
  const tool = tools.find((candidate) => candidate.name === dotted);
  const rejection = schemaError(tool, name, input);
  const live = await sessionSandbox(deps, session, run);
  try {
    let reply: ToolCallReply;
    if (rejection) {
      // As the tools agent does: recorded as a failed step, never run; with readable arguments it is
      // still one of the predicted calls (the replay skips it).
      reply = { text: await recordInvalidCall(trace, dotted, input, rejection, run.protocol.formatCall), isError: true, unknownTool: !tool };
    } else {
      const agentDeps: AgentDeps = { sandbox: live.sandbox, tools, sink, signal: NEVER_ABORTED, protocol: run.protocol };
      const result = await runToolCall(agentDeps, trace, dotted, definedStrings(parsedArgs(tool, input)));
      reply = { text: result.observation, isError: !result.ok };
    }
    for (const call of trace.outcome(null, null).calls) {
      await appendCall(deps, session, call);
      live.callCount += 1;
    }
    return reply;
  } catch (error) {
    forgetSessionSandbox(session.id); // the copy may be ahead of the database
    throw error;
  }
}

/** The tools agent's check: the tool must be offered and the input must pass its strict schema. */
function schemaError(tool: Tool | undefined, name: string, input: unknown): Error | undefined {
  if (!tool) return new Error(`Model tried to call unavailable tool '${name}'.`);
  return toolInputError(tool, input ?? {});
}

/** Validated input in the order the agent sent its keys (the call string keeps it; exact match compares). */
function parsedArgs(tool: Tool | undefined, input: unknown): Readonly<Record<string, string | undefined>> {
  return tool && typeof input === "object" && input !== null ? (input as Record<string, string | undefined>) : {};
}

async function appendCall(deps: McpDeps, session: OpenSession, call: string): Promise<void> {
  await deps.sql.query(`UPDATE "TaskResult" SET calls = array_append(calls, $3) WHERE id = $1 AND status = 'running' AND attempt = $2`, [
    session.resultId,
    session.attempt,
    call,
  ]);
}

function definedStrings(input: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) args[key] = value;
  return args;
}
