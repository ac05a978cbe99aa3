// One step's folded texts (a model turn's text, a tool's observation), fetched when the trace page's
// reader opens one (components/traces/folded-text.tsx): the page itself carries only a preview. Read
// access is the page's own: proxy.ts applies the same sign-in rule to every path under /runs. Only a
// step of that result of that run is answered; anything else is a 404 that names nothing.
import { getStepPayload } from "@/lib/queries/results";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string; resultId: string; index: string }> }): Promise<Response> {
  const { id, resultId, index } = await params;
  const step = /^\d{1,6}$/.test(index) ? await getStepPayload({ runId: id, resultId, index: Number(index) }) : null;
  if (!step) return Response.json({ error: "Step not found" }, { status: 404 });
  // A crashed attempt's steps are rewritten under the same indices: revalidate, and never in a shared
  // cache (pages may be private).
  return Response.json(step, { headers: { "Cache-Control": "private, no-cache" } });
}
