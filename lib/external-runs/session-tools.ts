// The tools of an MCP session and what a call does: the engine's one tool-call pipeline
// (lib/workbench/agents/tool-call.ts: the same names, argument validation, execution and step recording
// as the built-in `tools` agent), so the trace page shows an external agent's calls exactly as it shows
// a built-in one's, and the scorer replays the same call strings.
import { randomUUID } from "node:crypto";
import { zodSchema } from "ai";
import type { AgentDeps, StepSink } from "@/lib/workbench/agents/types";
import type { Tool } from "@/lib/workbench/tools/types";
import { toolInputSchema } from "@/lib/workbench/tools/input-schema";
import { Trace } from "@/lib/workbench/agents/trace";
import { callTool, toolsForTask } from "@/lib/workbench/agents/tool-call";
import { toProviderToolName } from "@/lib/workbench/agents/tool-names";
import { taskFaults } from "@/lib/workbench/tools/faults";
import { getRunContext, type RunContext } from "@/lib/runs/run-context";
import { LostClaimError, STEP_INSERT, stepRowsSelect, type StepRow } from "@/lib/runs/step-store";
import { stepColumns } from "@/lib/traces/step-columns";
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

/** The run's protocol's tools (2024 or 2026), chosen as for the built-in agents (process-task-job.ts). */
function toolsOf(run: RunContext, session: OpenSession): readonly Tool[] {
  return toolsForTask(run.protocol.tools, run.toolSet, run.version.tasksByKey.get(session.taskKey));
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
  const steps: StepRow[] = [];
  let index = session.stepCount;
  // The call's step is kept here and written with the call string in one statement after the call.
  const sink: StepSink = { record: async (step) => void steps.push({ ...stepColumns(step), id: randomUUID(), index: index++ }) };
  const trace = new Trace(sink, { toolCallsBefore: session.toolStepCount });
  const tools = toolsOf(run, session);
  const live = await sessionSandbox(deps, session, run);
  try {
    const faults = taskFaults(run.faultPlan, session.taskKey);
    const agentDeps: AgentDeps = { sandbox: live.sandbox, tools, sink, engine: run.engine, signal: NEVER_ABORTED, protocol: run.protocol, ...(faults ? { faults } : {}) };
    const result = await callTool(agentDeps, trace, { name, input });
    const reply: ToolCallReply = { text: result.observation, isError: !result.ok, ...(result.unknownTool ? { unknownTool: true } : {}) };
    const calls = trace.outcome(null, null).calls;
    await recordCall(deps, session, steps, calls);
    live.callCount += calls.length;
    return reply;
  } catch (error) {
    forgetSessionSandbox(session.id); // the copy may be ahead of the database
    throw error;
  }
}

/**
 * The call's step(s) and call string(s), in one round trip and all or nothing: written only while this
 * attempt holds the result (as the worker's step writes, lib/runs/step-store.ts); otherwise nothing is
 * written and LostClaimError says the task was taken over or finished meanwhile.
 */
async function recordCall(deps: McpDeps, session: OpenSession, steps: readonly StepRow[], calls: readonly string[]): Promise<void> {
  const { rows } = await deps.sql.query<{ held: boolean }>(
    `WITH appended AS (
       UPDATE "TaskResult" SET calls = calls || $4::text[] WHERE id = $1 AND status = 'running' AND attempt = $2::int RETURNING id
     ), inserted AS (
       ${STEP_INSERT} ${stepRowsSelect(1, 3)} WHERE EXISTS (SELECT 1 FROM appended)
     )
     SELECT EXISTS (SELECT 1 FROM appended) AS held`,
    [session.resultId, session.attempt, JSON.stringify(steps), calls],
    { preparedAs: "mcp_record_call" },
  );
  if (!rows[0]?.held) throw new LostClaimError(session.resultId);
}
