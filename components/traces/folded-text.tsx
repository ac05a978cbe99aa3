"use client";
import { createContext, useContext, useState, type ReactNode, type SyntheticEvent } from "react";
import { fetchStepPayload } from "./step-payload";

type Part = "text" | "observation";

type State = { readonly status: "preview" | "loading" } | { readonly status: "full"; readonly text: string } | { readonly status: "error"; readonly message: string };

/** The trace page of the result whose steps are listed (`/runs/<run>/tasks/<result>`): given once, not per step. */
const TraceBase = createContext<string>("");

/** The trace page whose steps are being shown (for the step route and the `?open=` links). */
export function useTraceBase(): string {
  return useContext(TraceBase);
}

export function TraceBaseProvider({ base, children }: { base: string; children: ReactNode }) {
  return <TraceBase.Provider value={base}>{children}</TraceBase.Provider>;
}

/**
 * A long step text, folded: the page carries only its first characters (`preview`); opening it fetches
 * the whole text from the step route (app/runs/[id]/tasks/[resultId]/steps/[index]/route.ts). Without
 * JavaScript, the link opens the trace page with that step sent whole (`?open=`).
 */
export function FoldedText({ preview, length, label, step, part }: { preview: string; length: number; label: string; step: number; part: Part }) {
  const base = useTraceBase();
  const [state, setState] = useState<State>({ status: "preview" });
  const load = async () => {
    setState({ status: "loading" });
    try {
      const payload = await fetchStepPayload(base, step);
      setState({ status: "full", text: payload[part] ?? "" });
    } catch (error) {
      setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open && (state.status === "preview" || state.status === "error")) void load();
  };
  const characters = length.toLocaleString("en-US");
  return (
    <details className="group" data-testid="collapsible" data-state={state.status} onToggle={onToggle}>
      <summary className="trace-fold">
        {label} · {characters} characters <span className="group-open:hidden">(show)</span>
      </summary>
      <div className="mt-1">
        <pre className="trace-text" data-testid="collapsible-text">
          {state.status === "full" ? state.text : `${preview}…`}
        </pre>
        {state.status === "loading" ? <p className="mt-1 text-xs text-muted">Loading all {characters} characters…</p> : null}
        {state.status === "error" ? (
          <p className="mt-1 text-xs text-bad" data-testid="collapsible-error">
            Could not load the whole text: {state.message}.
          </p>
        ) : null}
        {state.status !== "full" ? (
          <a href={`${base}?open=${step}#step-${step}`} className="mt-1 inline-block text-xs text-accent" data-testid="collapsible-full">
            Show all {characters} characters
          </a>
        ) : null}
      </div>
    </details>
  );
}
