// What each behaviour answers, given the conversation. Ground-truth calls are parsed with the engine's
// parseCall (never evaluated) and re-emitted as ReAct blobs or native tool calls.
import { parseCall } from "../workbench/calls";
import type { Call } from "../workbench/calls/types";
import { toProviderToolName } from "../workbench/agents/tool-names";
import { sanitizeToolName2026 } from "../workbench/agents/workbench-2026/harness";
import type { ConversationState } from "./conversation";
import type { MockBehaviour, MockReply } from "./types";

const FINAL_TEXT = "I have completed the request.";
/** Used when a task needs no action but a behaviour must still call something. */
const FALLBACK_CALL: Call = { tool: "company_directory.find_email_address", args: { name: "" }, raw: "" };

export function decideReply(behaviour: Exclude<MockBehaviour, "context-window">, state: ConversationState): MockReply {
  const calls = groundTruthCalls(state);
  switch (behaviour) {
    case "oracle":
      return followCalls(calls, state.turn, state);
    case "noop":
      return finalAnswer(state.mode);
    case "format-errors":
      return formatError(calls, state);
    case "wrong-args":
      return wrongArgs(calls[0] ?? FALLBACK_CALL, state);
    case "flaky":
      // Decided on the first turn only: a conversation it ends at once never has a second turn.
      return state.turn === 0 && (state.attempt ?? 0) % 3 === 1 ? finalAnswer(state.mode) : followCalls(calls, state.turn, state);
    default: {
      const unknown: never = behaviour;
      throw new Error(`Unknown behaviour ${String(unknown)}`);
    }
  }
}

function groundTruthCalls(state: ConversationState): Call[] {
  return (state.task?.groundTruth ?? []).flatMap((raw) => {
    const parsed = parseCall(raw);
    return parsed.ok ? [parsed.call] : [];
  });
}

function followCalls(calls: readonly Call[], index: number, state: ConversationState): MockReply {
  const call = calls[index];
  return call ? callReply(call.tool, call.args, state) : finalAnswer(state.mode);
}

/** The name the request offers for a dotted tool: Studio's "a__b", or the 2026 harness's "a_b". */
function offeredName(tool: string, state: ConversationState): string {
  const sanitized = sanitizeToolName2026(tool);
  return state.offeredTools.has(sanitized) && !state.offeredTools.has(toProviderToolName(tool)) ? sanitized : toProviderToolName(tool);
}

/** ReAct: a reply with no Action blob (the agent stops). Tools: one malformed call, then the oracle. */
function formatError(calls: readonly Call[], state: ConversationState): MockReply {
  if (state.mode === "react") {
    return { kind: "text", text: "Thought: I will take care of this.\nAction: do the task now" };
  }
  if (state.turn === 0) {
    const target = calls[0] ?? FALLBACK_CALL;
    return { kind: "tool-calls", text: "", calls: [{ name: offeredName(target.tool, state), arguments: '{"broken": "json' }] };
  }
  return followCalls(calls, state.turn - 1, state);
}

/** First a call with no arguments, then one with a number where a string is expected, then stop. */
function wrongArgs(target: Call, state: ConversationState): MockReply {
  const firstKey = Object.keys(target.args)[0] ?? "name";
  if (state.turn === 0) return callReply(target.tool, {}, state);
  if (state.turn === 1) return callReply(target.tool, { [firstKey]: 12345 }, state);
  return finalAnswer(state.mode);
}

function callReply(tool: string, args: Readonly<Record<string, unknown>>, state: ConversationState): MockReply {
  if (state.mode === "tools") {
    return { kind: "tool-calls", text: "", calls: [{ name: offeredName(tool, state), arguments: JSON.stringify(args) }] };
  }
  const blob = JSON.stringify({ action: tool, action_input: args }, null, 2);
  return { kind: "text", text: `Thought: I should use ${tool}.\nAction:\n\`\`\`json\n${blob}\n\`\`\`\n` };
}

function finalAnswer(mode: ConversationState["mode"]): MockReply {
  if (mode === "tools") return { kind: "text", text: FINAL_TEXT };
  const blob = JSON.stringify({ action: "Final Answer", action_input: FINAL_TEXT }, null, 2);
  return { kind: "text", text: `Thought: I know what to respond\nAction:\n\`\`\`json\n${blob}\n\`\`\`` };
}
