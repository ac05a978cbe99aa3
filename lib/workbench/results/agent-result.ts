// The 2026 `full_response` column is `str(AgentResult)` (upstream src/evals/agent.py, 5b76dee): a
// dataclass repr `AgentResult(output='…', intermediate_steps=[…], trace=[TraceStep(…)…])`, or "" when
// the task raised. Only the output is read from it: calls come from function_calls, steps from traces.
import { PythonSyntaxError, readStringLiteral, startsStringLiteral } from "../calls/python-string";

const PREFIX = "AgentResult(output=";

/** The agent's final output, or null when the response is empty or not an AgentResult repr. */
export function outputOfAgentResult(fullResponse: string): string | null {
  if (!fullResponse.startsWith(PREFIX) || !startsStringLiteral(fullResponse, PREFIX.length)) return null;
  try {
    return readStringLiteral(fullResponse, PREFIX.length).value;
  } catch (error) {
    if (error instanceof PythonSyntaxError) return null;
    throw error;
  }
}
