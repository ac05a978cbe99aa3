// A language model for tests that answers from a script: each turn's tool calls (names and raw JSON
// argument text exactly as a provider would send them), then a final text. No network, no SDK mocks
// of our own code: the real generateText parses and validates what it returns.
import { MockLanguageModelV4 } from "ai/test";

export interface ScriptedToolCall {
  readonly toolName: string;
  /** The JSON argument text as the model sent it (key order preserved). */
  readonly input: string;
}

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A turn: native tool calls, or a text reply (a ReAct agent's Thought / Action). */
export type ScriptedTurn = readonly ScriptedToolCall[] | { readonly text: string };

/** Turn i answers with `turns[i]`; after the last, a text answer `finalText`. */
export function scriptedModel(turns: readonly ScriptedTurn[], finalText = "Done.", modelId = "mock-model-id"): MockLanguageModelV4 {
  let turn = 0;
  return new MockLanguageModelV4({
    modelId,
    doGenerate: async () => {
      const calls = turns[turn++];
      if (calls && "text" in calls) return { content: [{ type: "text", text: calls.text }], finishReason: { unified: "stop", raw: "stop" }, usage: USAGE, warnings: [] };
      if (!calls) return { content: [{ type: "text", text: finalText }], finishReason: { unified: "stop", raw: "stop" }, usage: USAGE, warnings: [] };
      return {
        content: calls.map((call, index) => ({ type: "tool-call" as const, toolCallId: `call_${turn}_${index}`, toolName: call.toolName, input: call.input })),
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}
