// Model turns reported by an external agent (optional): recorded as `model` steps between its tool
// calls, so the trace shows its thinking beside what it did, with token counts.
import { z } from "zod";
import { createDbStepSink } from "@/lib/runs/step-store";
import type { McpDeps } from "./deps";
import { openSessionOrThrow } from "./session-auth";
import { withSessionLock } from "./session-lock";

const MAX_TEXT = 20_000;

export const turnSchema = z.object({
  text: z.string().max(200_000).default(""),
  inputTokens: z.number().int().min(0).max(10_000_000).default(0),
  outputTokens: z.number().int().min(0).max(10_000_000).default(0),
  latencyMs: z.number().int().min(0).max(86_400_000).default(0),
  finishReason: z.string().max(40).default("stop"),
});
export const turnsBodySchema = z.object({ turns: z.array(turnSchema).min(1).max(100) });
export type TurnsBody = z.infer<typeof turnsBodySchema>;

export async function recordTurns(deps: McpDeps, sessionId: string, token: string, body: TurnsBody): Promise<number> {
  return withSessionLock(sessionId, async () => {
    const session = await openSessionOrThrow(deps, sessionId, token);
    const sink = createDbStepSink(deps.sql, session.resultId, session.attempt, session.stepCount);
    for (const turn of body.turns) {
      await sink.record({
        kind: "model",
        text: turn.text.slice(0, MAX_TEXT),
        inputTokens: turn.inputTokens,
        outputTokens: turn.outputTokens,
        latencyMs: turn.latencyMs,
        finishReason: turn.finishReason,
        retries: 0,
      });
    }
    return body.turns.length;
  });
}
