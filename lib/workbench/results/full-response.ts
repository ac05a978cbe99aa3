// Reads the `full_response` column: the repr of LangChain's agent output dict, e.g.
// {'input': ..., 'output': ..., 'intermediate_steps': [(AgentAction(tool=..., tool_input=..., log=...), observation)]}.
import { formatPythonLiteral, isPyKind, parsePythonLiteral, type PyValue } from "../calls/python-literal";
import { PythonSyntaxError } from "../calls/python-string";
import { pyToJs } from "./python-to-js";
import type { RecordedStep, RecordedTurn } from "./types";
import { stepFault } from "./recorded-fault";

export interface ParsedFullResponse {
  readonly steps: RecordedStep[] | null;
  readonly finalOutput: string | null;
  /** Studio's `final_log` key (the final answer's model turn); absent from the paper's files (as is `model_turns`). */
  readonly finalTurn: RecordedTurn | null;
}

const UNPARSED: ParsedFullResponse = { steps: null, finalOutput: null, finalTurn: null };

/** Never throws for bad input: an unreadable response gives `steps: null` (the row is still scored). */
export function parseFullResponse(text: string): ParsedFullResponse {
  if (text.trim() === "") return UNPARSED;
  let value: PyValue;
  try {
    value = parsePythonLiteral(text);
  } catch (error) {
    if (error instanceof PythonSyntaxError) return UNPARSED;
    throw error;
  }
  if (!isPyKind(value, "dict")) return UNPARSED;
  const output = dictGet(value, "output");
  const intermediate = dictGet(value, "intermediate_steps");
  const finalLog = dictGet(value, "final_log");
  const turns = dictGet(value, "model_turns");
  const faults = dictGet(value, "faults");
  const steps = intermediate === undefined ? null : readSteps(intermediate);
  return {
    steps: steps?.map((step, index) => ({
      ...step,
      ...(Array.isArray(turns) && typeof turns[index] === "boolean" ? { turn: turns[index] } : {}),
      ...faultAt(faults, step, index),
    })) ?? null,
    finalOutput: typeof output === "string" ? output : null,
    finalTurn: typeof finalLog === "string" ? { log: finalLog } : null,
  };
}

/** Studio's `faults` key (a faulted run's export): the index-th call's fault record, when it had one. */
function faultAt(faults: PyValue | undefined, step: RecordedStep, index: number) {
  const item = Array.isArray(faults) ? faults[index] : undefined;
  return item === undefined ? {} : stepFault(pyToJs(item), step.observation);
}

function dictGet(dict: Extract<PyValue, { kind: "dict" }>, key: string): PyValue | undefined {
  return dict.entries.find(([k]) => k === key)?.[1];
}

function readSteps(value: PyValue): RecordedStep[] | null {
  if (!Array.isArray(value)) return null;
  const steps: RecordedStep[] = [];
  for (const item of value as readonly PyValue[]) {
    const action = isPyKind(item, "tuple") ? item.items[0] : item;
    const observation = isPyKind(item, "tuple") ? item.items[1] : undefined;
    if (action === undefined || !isPyKind(action, "call")) return null;
    const { tool, tool_input: toolInput, log } = action.kwargs;
    steps.push({
      tool: typeof tool === "string" ? tool : "",
      toolInput: toolInput === undefined ? null : pyToJs(toolInput),
      log: typeof log === "string" ? log : "",
      observation: observationText(observation),
    });
  }
  return steps;
}

/** LangChain writes `str(observation)` into the scratchpad: a string as is, anything else as its repr. */
function observationText(value: PyValue | undefined): string | null {
  if (value === undefined) return null;
  return typeof value === "string" ? value : formatPythonLiteral(value);
}
