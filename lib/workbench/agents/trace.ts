// Accumulates what an agent did (steps go straight to the sink) and builds the AgentOutcome.
import type { AgentOutcome, AgentStep, StepSink } from "./types";
import type { RunError } from "./run-errors";

export class Trace {
  private readonly calls: string[] = [];
  private inputTokens = 0;
  private outputTokens = 0;
  private retries = 0;
  private toolCalls: number;

  /**
   * `toolCallsBefore`: tool calls this task made before this trace began (an external agent's session
   * records each call with a trace of its own), so that ordinals count from the task's first call.
   */
  constructor(
    private readonly sink: StepSink,
    options: { readonly toolCallsBefore?: number } = {},
  ) {
    this.toolCalls = options.toolCallsBefore ?? 0;
  }

  /** Tool steps of this task so far: the ordinal of the next tool call (the fault schedule's input). */
  get toolCallCount(): number {
    return this.toolCalls;
  }

  async record(step: AgentStep): Promise<void> {
    if (step.kind === "tool") this.toolCalls++;
    // The confidence turn is a model call too: its tokens and retries count like any turn's.
    if (step.kind === "model" || step.kind === "confidence") {
      this.inputTokens += step.inputTokens;
      this.outputTokens += step.outputTokens;
      this.retries += step.retries;
    }
    await this.sink.record(step);
  }

  /** A call the agent made (what the scorer replays), in order. */
  addCall(call: string): void {
    this.calls.push(call);
  }

  /**
   * Takes back the call just added: it never reached the service (an injected transient fault), so the
   * scorer must not replay it. Only the last call can be taken back, and only by its own string.
   */
  withdrawCall(call: string): void {
    if (this.calls.at(-1) !== call) throw new Error(`withdrawCall: the last call is not ${call}`);
    this.calls.pop();
  }

  /** Retries spent on a model call that finally failed (no model step records them). */
  addRetries(count: number): void {
    this.retries += count;
  }

  async finish(finalAnswer: string): Promise<AgentOutcome> {
    await this.record({ kind: "final", text: finalAnswer });
    return this.outcome(null, finalAnswer);
  }

  async fail(error: RunError): Promise<AgentOutcome> {
    await this.record({ kind: "error", errorKind: error.kind, message: error.message });
    return this.outcome(error, null);
  }

  outcome(error: RunError | null, finalAnswer: string | null): AgentOutcome {
    return {
      calls: [...this.calls],
      error: error?.message ?? null,
      errorKind: error?.kind ?? null,
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      retries: this.retries,
      finalAnswer,
    };
  }
}
