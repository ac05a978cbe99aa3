// The client side of the step route (app/runs/[id]/tasks/[resultId]/steps/[index]/route.ts): one
// request per step however many of its folded parts (text, observation, state change) are opened.
import type { TableDiffView } from "@/lib/traces/diff-view";

/** What the step route answers: the step's folded texts and its state change, shaped for DiffTables. */
export interface StepPayloadView {
  readonly index: number;
  readonly kind: string;
  readonly text: string | null;
  readonly observation: string | null;
  readonly diff: readonly TableDiffView[];
}

const loaded = new Map<string, Promise<StepPayloadView>>();

async function request(url: string): Promise<StepPayloadView> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(response.status === 404 ? "this step is no longer stored" : `the server answered ${response.status}`);
  return (await response.json()) as StepPayloadView;
}

/** The step's payload, fetched once; a failed fetch is forgotten so opening again retries. */
export function fetchStepPayload(base: string, step: number): Promise<StepPayloadView> {
  const url = `${base}/steps/${step}`;
  let pending = loaded.get(url);
  if (!pending) {
    pending = request(url);
    loaded.set(url, pending);
    pending.catch(() => loaded.delete(url));
  }
  return pending;
}
