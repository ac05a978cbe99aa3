// Reads a Chat Completions conversation: which task it is about, which mode (ReAct text or native
// tools) and how far the agent has got.
import type { Task } from "../workbench/datasets/types";
import type { ChatMessage, ChatRequest } from "./types";

export interface ConversationState {
  readonly task: Task | undefined;
  /** ReAct text mode when the request offers no tools. */
  readonly mode: "react" | "tools";
  /** Completed agent turns: actions observed (ReAct) or assistant turns so far (tools). */
  readonly turn: number;
  /** Function names the request offers (a harness may name tools its own way). */
  readonly offeredTools: ReadonlySet<string>;
  /** Which conversation about this task this is (0 = the first), counted by the server for `flaky`. */
  readonly attempt?: number;
}

export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === "string") return content;
  if (!content) return "";
  return content.map((part) => part.text ?? "").join("");
}

/** Finds tasks by text: the user message is the task (tools) or starts with it (ReAct's human message). */
export function createTaskIndex(tasks: readonly Task[]): (userText: string) => Task | undefined {
  const byText = new Map(tasks.map((task) => [task.text, task]));
  const longestFirst = [...tasks].sort((a, b) => b.text.length - a.text.length);
  return (userText) =>
    byText.get(userText) ??
    byText.get(userText.split("\n\n")[0] ?? "") ??
    longestFirst.find((task) => userText.startsWith(task.text));
}

export function readConversation(request: ChatRequest, findTask: (text: string) => Task | undefined): ConversationState {
  const firstUser = request.messages.find((message) => message.role === "user");
  const userText = firstUser ? messageText(firstUser) : "";
  const mode = request.tools && request.tools.length > 0 ? "tools" : "react";
  const turn =
    mode === "tools"
      ? request.messages.filter((message) => message.role === "assistant").length
      : countOccurrences(userText, "\nObservation: ");
  return { task: findTask(userText), mode, turn, offeredTools: new Set((request.tools ?? []).flatMap(functionName)) };
}

function functionName(tool: unknown): string[] {
  const name = (tool as { function?: { name?: unknown } } | null)?.function?.name;
  return typeof name === "string" ? [name] : [];
}

function countOccurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
