// Replays call strings on a fresh sandbox as the original evaluator did: a call that cannot be parsed
// or that raises is skipped (and reported), later calls still run.
import { parseCall } from "../calls/parse-call";
import type { Call, ParsedCall } from "../calls/types";
import { createSandbox } from "../sandbox/sandbox";
import type { SandboxData, SandboxState } from "../sandbox/types";
import type { Sandbox, ToolOutcome } from "../tools/types";

/** How a parsed call is run (the tools registry in production; a fake in unit tests). */
export type ExecuteCall = (sandbox: Sandbox, call: Call) => ToolOutcome;

export interface FailedCall {
  readonly index: number;
  readonly raw: string;
  readonly reason: string;
}

export interface Replay {
  readonly state: SandboxState;
  readonly failedCalls: readonly FailedCall[];
}

export function replayCalls(
  data: SandboxData,
  calls: readonly string[],
  execute: ExecuteCall,
  parse: (raw: string) => ParsedCall = parseCall,
): Replay {
  const sandbox = createSandbox(data);
  const failedCalls: FailedCall[] = [];
  calls.forEach((raw, index) => {
    const parsed = parse(raw);
    if (!parsed.ok) {
      failedCalls.push({ index, raw, reason: `${parsed.error.errorType}: ${parsed.error.message}` });
      return;
    }
    const outcome = execute(sandbox, parsed.call);
    if (!outcome.ok) failedCalls.push({ index, raw, reason: `${outcome.errorType}: ${outcome.message}` });
  });
  return { state: sandbox.snapshot(), failedCalls };
}

/** parseCall with a cache: the same call strings recur across results (parsed calls are immutable). */
export function cachedCallParser(parser: (raw: string) => ParsedCall = parseCall, limit = 50_000): (raw: string) => ParsedCall {
  const cache = new Map<string, ParsedCall>();
  return (raw) => {
    let parsed = cache.get(raw);
    if (!parsed) {
      parsed = parser(raw);
      if (cache.size >= limit) cache.clear();
      cache.set(raw, parsed);
    }
    return parsed;
  };
}
