// The paper's agent prompt: LangChain's structured-chat ReAct template (StructuredChatAgent.create_prompt)
// with WorkBench's date preamble as prefix. A system message with the template, and a human message
// "{input}\n\n{agent_scratchpad}" rebuilt every step, exactly as LangChain sends it.
import type { Tool } from "../tools/types";

export const DATE_PREAMBLE =
  "Today's date is Thursday, 2023-11-30 and the current time is 00:00:00. Remember the current date and time when answering queries. Meetings must not start before 9am or end after 6pm.";

const PREFIX = `${DATE_PREAMBLE} Respond to the human as helpfully and accurately as possible. You have access to the following tools:`;

/** LangChain's structured-chat format block (the 2026 harness copies it verbatim). */
export const FORMAT_INSTRUCTIONS = `Use a json blob to specify a tool by providing an action key (tool name) and an action_input key (tool input).

Valid "action" values: "Final Answer" or {tool_names}

Provide only ONE action per $JSON_BLOB, as shown:

\`\`\`
{
  "action": $TOOL_NAME,
  "action_input": $INPUT
}
\`\`\`

Follow this format:

Question: input question to answer
Thought: consider previous and subsequent steps
Action:
\`\`\`
$JSON_BLOB
\`\`\`
Observation: action result
... (repeat Thought/Action/Observation N times)
Thought: I know what to respond
Action:
\`\`\`
{
  "action": "Final Answer",
  "action_input": "Final response to human"
}
\`\`\``;

/** The template's closing reminder; LangChain (2024) adds "\nThought:", the 2026 harness does not. */
export const SUFFIX_REMINDER =
  "Begin! Reminder to ALWAYS respond with a valid json blob of a single action. Use tools if necessary. Respond directly if appropriate. Format is Action:```$JSON_BLOB```then Observation:.";

const SUFFIX = `${SUFFIX_REMINDER}\nThought:`;

/** Python signature defaults of the original tools: "" for these, None for every other argument. */
export const EMPTY_STRING_DEFAULTS = new Set(["query", "name", "notes"]);

const descriptions = new WeakMap<Tool, string>();

/** One tool as LangChain lists it: `name: name(signature) - description, args: {schema}`. */
export function describeTool(tool: Tool): string {
  let description = descriptions.get(tool);
  if (description === undefined) {
    description = describeToolOnce(tool);
    descriptions.set(tool, description); // tools are long-lived definitions: every task's prompt lists the same ones
  }
  return description;
}

function describeToolOnce(tool: Tool): string {
  const signature = tool.parameters
    .map((param) => `${param}=${EMPTY_STRING_DEFAULTS.has(param) ? "''" : "None"}`)
    .join(", ");
  const args = tool.parameters.map((param) => {
    const title = param.split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
    const fallback = EMPTY_STRING_DEFAULTS.has(param) ? ", 'default': ''" : "";
    return `'${param}': {'title': '${title}'${fallback}}`;
  });
  return `${tool.name}: ${tool.name}(${signature}) - ${tool.description.trim()}, args: {${args.join(", ")}}`;
}

export function buildReactSystemPrompt(tools: readonly Tool[]): string {
  const toolNames = tools.map((tool) => tool.name).join(", ");
  const formatted = tools.map(describeTool).join("\n");
  return [PREFIX, formatted, FORMAT_INSTRUCTIONS.replace("{tool_names}", toolNames), SUFFIX].join("\n\n");
}

/** One completed step of the scratchpad: the model's reply (up to the stop sequence) and what the tool returned. */
export interface ScratchpadEntry {
  readonly log: string;
  readonly observation: string;
}

/** What LangChain puts before the scratchpad's first step. */
export const SCRATCHPAD_HEADER = "This was your previous work (but I haven't seen any of it! I only see what you return as final answer):\n";

/** LangChain's human message: the task, then the previous work with "Observation: …\nThought:" after each action. */
export function buildReactHumanMessage(taskText: string, entries: readonly ScratchpadEntry[]): string {
  const thoughts = entries.map((entry) => `${entry.log}\nObservation: ${entry.observation}\nThought:`).join("");
  const scratchpad = thoughts ? `${SCRATCHPAD_HEADER}${thoughts}` : "";
  return `${taskText}\n\n${scratchpad}`;
}
