"use client";

import { useActionState } from "react";
import { cancelRunAction, type CancelRunState } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";

/** Asks the workers to stop the run: pending tasks are skipped, running ones finish. */
export function CancelRunButton({ runId }: { runId: string }) {
  const [state, formAction, pending] = useActionState<CancelRunState>(() => cancelRunAction(runId), { status: "idle" });
  return (
    <form action={formAction} className="flex items-center gap-2">
      {state.status === "error" ? (
        <span className="text-xs text-bad" role="alert" data-testid="cancel-error">
          {state.message}
        </span>
      ) : null}
      <Button type="submit" variant="danger" size="sm" disabled={pending} data-testid="cancel-run">
        {pending ? "Cancelling…" : "Cancel run"}
      </Button>
    </form>
  );
}
