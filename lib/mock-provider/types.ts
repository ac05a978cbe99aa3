// The mock OpenAI-compatible provider's options and wire shapes (the subset of Chat Completions we use).

// No imports: the launch form (a client component) lists the behaviours from here.

export const MOCK_BEHAVIOURS = ["oracle", "noop", "format-errors", "wrong-args", "context-window", "flaky"] as const;
/**
 * How the mock answers: a request's `model` names the behaviour (MOCK_BEHAVIOUR_SUMMARIES says each in
 * a line). `format-errors` breaks the format once (ReAct: a reply without an Action blob; tools:
 * malformed tool-call JSON, then carries on as the oracle); `wrong-args` calls a real tool with missing
 * and then wrongly typed arguments; `flaky` is the oracle except on the 2nd, 5th, 8th… conversation
 * about the same task, which it ends at once (noop), so three trials of a task that needs an action
 * score right, wrong, right.
 */
export type MockBehaviour = (typeof MOCK_BEHAVIOURS)[number];

/** One line per behaviour, as the launch form lists them (the compiler asks for a new behaviour's line). */
export const MOCK_BEHAVIOUR_SUMMARIES: Readonly<Record<MockBehaviour, string>> = {
  oracle: "follows the task's ground truth (scores 100 %)",
  noop: "answers at once without acting",
  "format-errors": "breaks the reply format once",
  "wrong-args": "calls a tool with missing, then wrongly typed arguments",
  "context-window": "answers every request with a context-length error",
  flaky: "the oracle, but ends the 2nd, 5th, 8th… attempt at a task at once",
};

export type FaultKind = "429" | "500" | "timeout";

export interface ChatMessage {
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly content?: string | null | readonly { readonly type: string; readonly text?: string }[];
  readonly tool_calls?: readonly WireToolCall[];
  readonly tool_call_id?: string;
}

export interface WireToolCall {
  readonly id: string;
  readonly type: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly unknown[];
  readonly stop?: string | readonly string[];
  readonly stream?: boolean;
}

/** What the mock decided to answer (before it is put on the wire). */
export type MockReply =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "tool-calls"; readonly text: string; readonly calls: readonly { readonly name: string; readonly arguments: string }[] };
