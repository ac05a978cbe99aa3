// A task's stored error as a researcher reads it: a one-line reason, with the full text kept for whoever
// opens it. Recorded runs carry the original harness's exception text (Python's str(e): "'str' object
// has no attribute 'items'", LangChain's output-parsing paragraph, a provider's JSON body); Studio's own
// runs carry its messages ("Provider error (network): ..."). Pure: the UI folds `full` behind `reason`.
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";

export interface ErrorReason {
  /** One line, at most REASON_MAX_CHARS. */
  readonly reason: string;
  /** The stored text, when it says more than the reason (null: the reason is the whole text). */
  readonly full: string | null;
}

export const REASON_MAX_CHARS = 80;

/** Python's wording of the exceptions the original harness let through (a tool or pandas failing on a model's argument). */
const PYTHON_EXCEPTION_PATTERNS: readonly RegExp[] = [
  /^Traceback \(most recent call last\)/,
  /not supported between instances of /,
  /object has no attribute /,
  /^unhashable type: /,
  /^operands could not be broadcast together/,
  /out of range for month/,
  /object is not (subscriptable|iterable|callable)/,
  /^(list|string|tuple) index out of range/,
  /^(invalid literal for|unsupported operand type)/,
  /^\w+Error: /,
];

/** The exception's class from a traceback's last line ("KeyError: 'x'" → "KeyError"), if it names one. */
function exceptionClass(text: string): string | null {
  const last = text.trim().split("\n").at(-1) ?? "";
  return /^([A-Z]\w*(Error|Exception)):/.exec(last)?.[1] ?? null;
}

/** The first line, cut at a word boundary to `max` characters. */
function firstLine(text: string, max = REASON_MAX_CHARS): string {
  const line = text.trim().split("\n")[0]?.trim() ?? "";
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.(-]+$/, "")}…`;
}

function reasonOf(text: string): string {
  if (text === CONTEXT_WINDOW_MESSAGE || text === ITERATION_LIMIT_MESSAGE) return text;
  if (text.startsWith("An output parsing error occurred.")) return "The model's reply could not be parsed (output parsing error)";
  const status = /^Error code: (\d{3})\b/.exec(text);
  if (status) return `The provider answered HTTP ${status[1]}`;
  const provider = /^Provider error \(([^)]+)\)/.exec(text);
  if (provider) return firstLine(text);
  if (PYTHON_EXCEPTION_PATTERNS.some((pattern) => pattern.test(text))) {
    const name = exceptionClass(text);
    // Which call raised it is not recorded (the harness stopped before writing it): the reason says no more than that.
    return `A Python exception${name ? ` (${name})` : ""} in the original harness ended the task`;
  }
  return firstLine(text);
}

export function errorReason(error: string): ErrorReason {
  const text = error.trim();
  const reason = reasonOf(text);
  return { reason, full: reason === text ? null : text };
}
