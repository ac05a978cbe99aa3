// Reads a Chat Completions conversation: which task it is about, which mode (ReAct text or native
// tools) and how far the agent has got.
import type { Task } from "../workbench/datasets/types";
import { phraseTasks, templateWordings } from "../workbench/datasets/phrasings";
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

/**
 * Finds tasks by text: the user message is the task (tools) or starts with it (ReAct's human message).
 * A text that is no task's is looked up among the tasks' other wordings (lib/workbench/datasets/phrasings:
 * a reworded run's), built on the first such miss: a mock server started on the tasks as written answers
 * a reworded run too.
 */
export function createTaskIndex(tasks: readonly Task[]): (userText: string) => Task | undefined {
  const find = textIndex(tasks.map((task) => [task.text, task] as const));
  let reworded: ((userText: string) => Task | undefined) | undefined;
  return (userText) => find(userText) ?? (reworded ??= rewordedIndex(tasks))(userText);
}

function textIndex(entries: readonly (readonly [string, Task])[]): (userText: string) => Task | undefined {
  const byText = new Map(entries);
  const longestFirst = [...entries].sort((a, b) => b[0].length - a[0].length);
  return (userText) =>
    byText.get(userText) ??
    byText.get(userText.split("\n\n")[0] ?? "") ??
    longestFirst.find(([text]) => userText.startsWith(text))?.[1];
}

/** Each task under its alt-1 and alt-2 wordings (same key and ground truth). */
function rewordedIndex(tasks: readonly Task[]): (userText: string) => Task | undefined {
  const byKey = new Map(tasks.map((task) => [task.key, task]));
  const wordings = templateWordings(tasks);
  const entries = (["alt-1", "alt-2"] as const).flatMap((phrasing) =>
    phraseTasks(tasks, phrasing, wordings).tasks.flatMap((worded) => {
      const task = byKey.get(worded.key);
      return task ? [[worded.text, task] as const] : [];
    }),
  );
  return textIndex(entries);
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
