// Reads an Inspect EvalLog's samples as recorded WorkBench results: the task text (the sample's input),
// the calls in order with the model turn that asked for each (from the transcript's model and tool
// events, or from the chat messages when a log has no events), the final answer and the error. A
// faulted call (Studio's `metadata.fault`) keeps its fault, and one a fault stopped is not among the calls. A
// call to a tool WorkBench does not have refuses the whole log, naming the sample (it could not be
// scored). Engine-free and database-free: import-inspect.ts matches and scores what this returns.
import { z } from "zod";
import type { Protocol } from "@/lib/workbench/protocols/types";
import type { RecordedStep, RecordedTurn, RecordedUsage } from "@/lib/workbench/results/types";
import { InteropError } from "../errors";
import { faultStoppedCall, readInjectedFault, type InjectedFault } from "@/lib/workbench/tools/faults";

const JsonObjectSchema = z.record(z.string(), z.unknown());
const ContentSchema = z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough())]);
const ToolCallSchema = z.object({ id: z.string(), function: z.string(), arguments: JsonObjectSchema.default({}) }).passthrough();
const MessageSchema = z.object({ role: z.string(), content: ContentSchema, tool_calls: z.array(ToolCallSchema).nullish() }).passthrough();

/** The most epochs (trials per task) an imported log may hold; Studio launches at most 20. */
export const MAX_EPOCHS = 100;
/** The largest count or duration Studio stores (its integer columns: 32-bit). */
const MAX_INT = 2_147_483_647;

export const InspectSampleSchema = z
  .object({
    id: z.union([z.string(), z.number()]),
    epoch: z.number().int().min(1).max(MAX_EPOCHS, `epoch above ${MAX_EPOCHS}, more than Studio imports`).default(1),
    input: z.union([z.string(), z.array(MessageSchema)]),
    messages: z.array(MessageSchema).default([]),
    events: z.array(z.object({ event: z.string() }).passthrough()).default([]),
    output: z.object({ completion: z.string().default("") }).passthrough().nullish(),
    error: z.object({ message: z.string() }).passthrough().nullish(),
    metadata: JsonObjectSchema.nullish(),
  })
  .passthrough();
export type InspectSample = z.infer<typeof InspectSampleSchema>;

/** The log's `eval` spec: what the import reads of it, the epochs it states bounded like the samples'. */
export const InspectEvalSpecSchema = z
  .object({
    task: z.string(), model: z.string(), eval_id: z.string().optional(), run_id: z.string().default(""), task_args: JsonObjectSchema.default({}), created: z.string().optional(),
    config: z.object({ epochs: z.number().int().min(1).max(MAX_EPOCHS, `epochs above ${MAX_EPOCHS}, more than Studio imports`).nullish() }).passthrough().nullish(),
  })
  .passthrough();
export type InspectEvalSpec = z.infer<typeof InspectEvalSpecSchema>;

/** One sample as the importers' recorded row needs it (before it is matched to a task). */
export interface InspectRow {
  readonly label: string;
  readonly text: string;
  readonly domain: string | null;
  readonly trial: number;
  readonly calls: string[];
  readonly steps: RecordedStep[];
  readonly finalTurn: RecordedTurn | null;
  readonly finalOutput: string | null;
  readonly error: string;
}

const textOf = (content: z.infer<typeof ContentSchema>): string =>
  typeof content === "string" ? content : content.map((part) => part.text ?? "").join("");

function sampleText(sample: InspectSample): string {
  if (typeof sample.input === "string") return sample.input;
  const user = sample.input.find((message) => message.role === "user");
  return user ? textOf(user.content) : "";
}

/** Resolves a tool name as the log spells it (dotted, or sanitized `email_search_emails`) to a WorkBench tool's name. */
function toolResolver(protocol: Protocol): (name: string) => string | null {
  const byName = new Map(protocol.tools.all.flatMap((tool) => [[tool.name, tool.name], [tool.name.replace(".", "_"), tool.name]] as const));
  return (name) => byName.get(name) ?? null;
}

interface Turn {
  readonly log: string;
  readonly usage?: RecordedUsage;
}

/**
 * A count or time of the log, bounded: absent is 0; anything but a non-negative number the database's
 * integer columns can hold (after `scale`) refuses the log, naming the sample and the field.
 */
function bounded(value: unknown, field: string, label: string, scale = 1): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value * scale > MAX_INT) {
    throw new InteropError("bad_log", `${label}: ${field} ${JSON.stringify(value)} is not a count Studio can store (0 to ${Math.floor(MAX_INT / scale)})`);
  }
  return value;
}

function modelTurn(event: Readonly<Record<string, unknown>>, label: string): Turn {
  const num = (value: unknown, field: string, scale = 1) => bounded(value, `model event ${field}`, label, scale);
  const output = (event.output ?? {}) as { completion?: unknown; usage?: { input_tokens?: unknown; output_tokens?: unknown } | null; choices?: { stop_reason?: unknown }[] };
  const log = typeof output.completion === "string" ? output.completion : "";
  if (!output.usage) return { log };
  const metadata = (event.metadata ?? {}) as { finish_reason?: unknown };
  const finishReason = typeof metadata.finish_reason === "string" ? metadata.finish_reason : String(output.choices?.[0]?.stop_reason ?? "unknown");
  return {
    log,
    usage: {
      inputTokens: Math.round(num(output.usage.input_tokens, "input_tokens")), outputTokens: Math.round(num(output.usage.output_tokens, "output_tokens")),
      latencyMs: Math.round(num(event.working_time, "working_time (seconds)", 1000) * 1000), finishReason, retries: Math.round(num(event.retries, "retries")),
    },
  };
}

/** A tool event's call as Studio exported it: its call string and, in a faulted run, its fault and the answer shown. */
interface CallRecord {
  readonly call: string | null;
  readonly fault?: InjectedFault;
  readonly observation?: string;
}

/** The sample's model turns and calls in order: from its events, else from its messages. */
function turnsAndCalls(sample: InspectSample, label: string): ({ kind: "turn"; turn: Turn } | ({ kind: "call"; tool: string; args: Readonly<Record<string, unknown>> } & CallRecord))[] {
  const fromEvents = sample.events.filter((event) => event.event === "model" || event.event === "tool");
  if (fromEvents.length > 0) {
    return fromEvents.map((event) => {
      if (event.event === "model") return { kind: "turn" as const, turn: modelTurn(event, label) };
      const metadata = (event.metadata ?? {}) as { call?: unknown; fault?: unknown };
      const args = (event.arguments ?? {}) as Record<string, unknown>;
      const fault = readInjectedFault(metadata.fault);
      const faulted = fault ? { fault, observation: typeof event.result === "string" ? event.result : "" } : {};
      return { kind: "call" as const, tool: String(event.function ?? ""), args, call: typeof metadata.call === "string" ? metadata.call : null, ...faulted };
    });
  }
  return sample.messages
    .filter((message) => message.role === "assistant")
    .flatMap((message) => [
      { kind: "turn" as const, turn: { log: textOf(message.content) } },
      ...(message.tool_calls ?? []).map((call) => ({ kind: "call" as const, tool: call.function, args: call.arguments, call: null })),
    ]);
}

export function readInspectSample(sample: InspectSample, protocol: Protocol): InspectRow {
  const label = `sample ${sample.id} (epoch ${sample.epoch})`;
  const resolve = toolResolver(protocol);
  const calls: string[] = [];
  const steps: RecordedStep[] = [];
  let pending: Turn | null = null;
  for (const item of turnsAndCalls(sample, label)) {
    if (item.kind === "turn") {
      pending = item.turn;
      continue;
    }
    const tool = resolve(item.tool);
    if (!tool) throw new InteropError("not_workbench", `The first ${label}: tool "${item.tool}" is not a WorkBench tool, so this log is not a WorkBench run and cannot be scored`);
    const call = item.call ?? protocol.formatCall(tool, item.args);
    // A call a fault stopped never ran: it is not one of the calls scored (its step is restored as recorded).
    if (!faultStoppedCall(item.fault)) calls.push(call);
    const faulted = item.fault ? { fault: item.fault, observation: item.observation ?? "", call } : {};
    steps.push({ tool, toolInput: item.args, log: pending?.log ?? "", turn: pending !== null, ...(pending?.usage ? { usage: pending.usage } : {}), ...faulted });
    pending = null;
  }
  const metadata = sample.metadata ?? {};
  const completion = sample.output?.completion ?? "";
  const hasFinal = typeof metadata.has_final === "boolean" ? metadata.has_final : completion !== "";
  return {
    label, text: sampleText(sample), domain: typeof metadata.domain === "string" ? metadata.domain : null, trial: sample.epoch - 1,
    calls, steps, finalTurn: pending, finalOutput: hasFinal ? completion : null, error: sample.error?.message ?? "",
  };
}
