// What each behaviour answers, given the conversation. Ground-truth calls are parsed with the engine's
// parseCall (never evaluated) and re-emitted as ReAct blobs or native tool calls.
import { parseCall } from "../workbench/calls";
import type { Call } from "../workbench/calls/types";
import { toProviderToolName } from "../workbench/agents/tool-names";
import type { ConversationState } from "./conversation";
import type { MockBehaviour, MockReply } from "./types";

const FINAL_TEXT = "I have completed the request.";
/** Used when a task needs no action but a behaviour must still call something. */
const FALLBACK_CALL: Call = { tool: "company_directory.find_email_address", args: { name: "" }, raw: "" };

export function decideReply(behaviour: Exclude<MockBehaviour, "context-window">, state: ConversationState): MockReply {
  const calls = groundTruthCalls(state);
  switch (behaviour) {
    case "oracle":
      return followCalls(calls, state.turn, state.mode);
    case "noop":
      return finalAnswer(state.mode);
    case "format-errors":
      return formatError(calls, state);
    case "wrong-args":
      return wrongArgs(calls[0] ?? FALLBACK_CALL, state);
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

function followCalls(calls: readonly Call[], index: number, mode: ConversationState["mode"]): MockReply {
  const call = calls[index];
  return call ? callReply(call.tool, call.args, mode) : finalAnswer(mode);
}

/** ReAct: a reply with no Action blob (the agent stops). Tools: one malformed call, then the oracle. */
function formatError(calls: readonly Call[], state: ConversationState): MockReply {
  if (state.mode === "react") {
    return { kind: "text", text: "Thought: I will take care of this.\nAction: do the task now" };
  }
  if (state.turn === 0) {
    const target = calls[0] ?? FALLBACK_CALL;
    const name = toProviderToolName(target.tool);
    return { kind: "tool-calls", text: "", calls: [{ name, arguments: '{"broken": "json' }] };
  }
  return followCalls(calls, state.turn - 1, state.mode);
}

/** First a call with no arguments, then one with a number where a string is expected, then stop. */
function wrongArgs(target: Call, state: ConversationState): MockReply {
  const firstKey = Object.keys(target.args)[0] ?? "name";
  if (state.turn === 0) return callReply(target.tool, {}, state.mode);
  if (state.turn === 1) return callReply(target.tool, { [firstKey]: 12345 }, state.mode);
  return finalAnswer(state.mode);
}

function callReply(tool: string, args: Readonly<Record<string, unknown>>, mode: ConversationState["mode"]): MockReply {
  if (mode === "tools") {
    return { kind: "tool-calls", text: "", calls: [{ name: toProviderToolName(tool), arguments: JSON.stringify(args) }] };
  }
  const blob = JSON.stringify({ action: tool, action_input: args }, null, 2);
  return { kind: "text", text: `Thought: I should use ${tool}.\nAction:\n\`\`\`json\n${blob}\n\`\`\`\n` };
}

function finalAnswer(mode: ConversationState["mode"]): MockReply {
  if (mode === "tools") return { kind: "text", text: FINAL_TEXT };
  const blob = JSON.stringify({ action: "Final Answer", action_input: FINAL_TEXT }, null, 2);
  return { kind: "text", text: `Thought: I know what to respond\nAction:\n\`\`\`json\n${blob}\n\`\`\`` };
}
