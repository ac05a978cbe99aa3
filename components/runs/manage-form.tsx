"use client";

import { useActionState, type ReactNode } from "react";
import { manageRunsAction, type ManageRunsState } from "@/app/runs/manage-actions";

/**
 * One run-management form: posts `op` and the run ids (hidden fields) with whatever fields `children`
 * add, and shows the outcome: the message, or each invalid field's error beside the form.
 */
export function ManageForm({
  op,
  runIds,
  children,
  testId,
  redirectTo,
  className,
}: {
  op: "rename" | "note" | "tag" | "archive" | "restore" | "test" | "untest" | "delete";
  runIds: readonly string[];
  children: (pending: boolean) => ReactNode;
  testId?: string;
  redirectTo?: "/runs";
  className?: string;
}) {
  const [state, formAction, pending] = useActionState<ManageRunsState, FormData>(manageRunsAction, { status: "idle" });
  return (
    <form action={formAction} className={className ?? "flex flex-wrap items-center gap-2"} data-testid={testId}>
      <input type="hidden" name="op" value={op} />
      {runIds.map((id) => (
        <input key={id} type="hidden" name="runId" value={id} />
      ))}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {children(pending)}
      <ManageOutcome state={state} />
    </form>
  );
}

export function ManageOutcome({ state }: { state: ManageRunsState }) {
  switch (state.status) {
    case "idle":
      return null;
    case "done":
      return (
        <span className="text-xs text-good" role="status" data-testid="manage-done">
          {state.message}
        </span>
      );
    case "invalid":
      return (
        <span className="text-xs text-bad" role="alert" data-testid="manage-error">
          {Object.values(state.fieldErrors).join("; ")}
        </span>
      );
    case "error":
      return (
        <span className="text-xs text-bad" role="alert" data-testid="manage-error">
          {state.message}
        </span>
      );
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}
