// One step's folded parts (a model turn's text, a tool's observation, its state change), fetched when
// the trace page's reader opens one (components/traces/step-payload.ts): the page carries only
// previews. Read access is the page's own: proxy.ts applies the same sign-in rule to every path under
// /runs. Only a step of that result of that run is answered; anything else is a 404 that names nothing.
import type { StepPayloadView } from "@/components/traces/step-payload";
import { getStepPayload } from "@/lib/queries/results";
import { buildDiffView } from "@/lib/traces/diff-view";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string; resultId: string; index: string }> }): Promise<Response> {
  const { id, resultId, index } = await params;
  const step = /^\d{1,6}$/.test(index) ? await getStepPayload({ runId: id, resultId, index: Number(index) }) : null;
  if (!step) return Response.json({ error: "Step not found" }, { status: 404 });
  const body: StepPayloadView = { index: step.index, kind: step.kind, text: step.text, observation: step.observation, diff: buildDiffView(step.diff) };
  // A crashed attempt's steps are rewritten under the same indices: revalidate, and never in a shared
  // cache (pages may be private).
  return Response.json(body, { headers: { "Cache-Control": "private, no-cache" } });
}
