"use client";

import { useActionState } from "react";
import { cancelRunAction } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";

/** Asks the workers to stop the run: pending tasks are skipped, running ones finish. */
export function CancelRunButton({ runId }: { runId: string }) {
  const [, formAction, pending] = useActionState(async () => {
    await cancelRunAction(runId);
    return null;
  }, null);
  return (
    <form action={formAction}>
      <Button type="submit" variant="danger" size="sm" disabled={pending} data-testid="cancel-run">
        {pending ? "Cancelling…" : "Cancel run"}
      </Button>
    </form>
  );
}
