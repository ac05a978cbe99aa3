"use client";

import { useActionState, useState } from "react";
import { cancelRunAction, type CancelRunState } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";

/**
 * Asks the workers to stop the run, after a confirmation: running tasks finish, pending ones are
 * skipped, and a cancelled run cannot be resumed.
 */
export function CancelRunButton({ runId }: { runId: string }) {
  const [state, formAction, pending] = useActionState<CancelRunState>(() => cancelRunAction(runId), { status: "idle" });
  const [confirming, setConfirming] = useState(false);
  const error =
    state.status === "error" ? (
      <span className="text-xs text-bad" role="alert" data-testid="cancel-error">
        {state.message}
      </span>
    ) : null;
  if (!confirming && !pending) {
    return (
      <div className="flex items-center gap-2">
        {error}
        <Button type="button" variant="danger" size="sm" onClick={() => setConfirming(true)} data-testid="cancel-run">
          Cancel run
        </Button>
      </div>
    );
  }
  return (
    <form action={formAction} className="flex items-center gap-2" role="group" aria-label="Confirm cancelling the run" data-testid="cancel-confirm">
      {error ?? <span className="text-xs text-muted">Stop this run? Running tasks finish; the rest are skipped.</span>}
      <Button type="submit" variant="danger" size="sm" disabled={pending} data-testid="cancel-run-confirm" autoFocus>
        {pending ? "Cancelling…" : "Yes, cancel run"}
      </Button>
      <Button type="button" variant="secondary" size="sm" disabled={pending} onClick={() => setConfirming(false)} data-testid="cancel-run-keep">
        Keep running
      </Button>
    </form>
  );
}
