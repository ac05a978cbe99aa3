"use client";
import { useState, type SyntheticEvent } from "react";
import type { TableDiffView } from "@/lib/traces/diff-view";
import { DiffTables, STEP_DIFF_LABELS } from "./diff-tables";
import { useTraceBase } from "./folded-text";
import { fetchStepPayload } from "./step-payload";

type State = { readonly status: "preview" | "loading" } | { readonly status: "full"; readonly tables: readonly TableDiffView[] } | { readonly status: "error"; readonly message: string };

/**
 * A step's state change, folded: the page carries a few preview lines (diffPreviewLines); opening it
 * fetches the whole diff from the step route and shows its tables. A table of changed rows costs
 * kilobytes per write step, so a trace of many writes would otherwise outweigh everything else.
 */
export function FoldedDiff({ step, summary, preview, rows }: { step: number; summary: string; preview: readonly string[]; rows: number }) {
  const base = useTraceBase();
  const [state, setState] = useState<State>({ status: "preview" });
  const load = async () => {
    setState({ status: "loading" });
    try {
      setState({ status: "full", tables: (await fetchStepPayload(base, step)).diff });
    } catch (error) {
      setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open && (state.status === "preview" || state.status === "error")) void load();
  };
  return (
    <details className="group" data-testid="step-diff-fold" data-state={state.status} onToggle={onToggle}>
      <summary className="trace-fold">
        State change · {summary} <span className="group-open:hidden">(show)</span>
      </summary>
      <div className="mt-1">
        {state.status === "full" ? (
          <DiffTables tables={state.tables} labels={STEP_DIFF_LABELS} testId="step-diff" />
        ) : (
          <ul className="trace-text" data-testid="step-diff-preview">
            {preview.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
            {rows > preview.length ? <li className="text-muted">…</li> : null}
          </ul>
        )}
        {state.status === "loading" ? <p className="mt-1 text-xs text-muted">Loading the whole change…</p> : null}
        {state.status === "error" ? (
          <p className="mt-1 text-xs text-bad" data-testid="step-diff-error">
            Could not load the state change: {state.message}.
          </p>
        ) : null}
        {state.status !== "full" ? (
          <a href={`${base}?open=${step}#step-${step}`} className="mt-1 inline-block text-xs text-accent">
            Show the whole change
          </a>
        ) : null}
      </div>
    </details>
  );
}
