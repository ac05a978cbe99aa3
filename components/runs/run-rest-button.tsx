"use client";

import { useActionState, useState } from "react";
import { runRestAction, type RunRestState } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";

/**
 * Turns an estimated run into a full run, after a confirmation: the tasks it did not run are queued into
 * the same run (same trials); its verdicts so far stay as they are.
 */
export function RunRestButton({ runId, remaining }: { runId: string; remaining: number }) {
  const [state, formAction, pending] = useActionState<RunRestState>(() => runRestAction(runId), { status: "idle" });
  const [confirming, setConfirming] = useState(false);
  const error =
    state.status === "error" ? (
      <span className="text-xs text-bad" role="alert" data-testid="run-rest-error">
        {state.message}
      </span>
    ) : null;
  if (state.status === "done") return <span className="text-xs text-muted" data-testid="run-rest-done">{state.queued} results queued: a full run once they are done</span>;
  if (!confirming && !pending) {
    return (
      <div className="flex items-center gap-2">
        {error}
        <Button type="button" variant="secondary" size="sm" onClick={() => setConfirming(true)} data-testid="run-rest">
          Run the remaining {remaining} tasks…
        </Button>
      </div>
    );
  }
  return (
    <form action={formAction} className="flex items-center gap-2" role="group" aria-label="Confirm running the remaining tasks" data-testid="run-rest-confirm">
      {error ?? <span className="text-xs text-muted">Queue the {remaining} tasks this run did not run? It becomes a full run, ranked once they are done.</span>}
      <Button type="submit" size="sm" disabled={pending} data-testid="run-rest-confirm-button" autoFocus>
        {pending ? "Queueing…" : "Yes, run the rest"}
      </Button>
      <Button type="button" variant="secondary" size="sm" disabled={pending} onClick={() => setConfirming(false)}>
        Keep estimated
      </Button>
    </form>
  );
}
