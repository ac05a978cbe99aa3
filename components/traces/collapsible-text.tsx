import { FoldedText } from "./folded-text";

/**
 * A folded text carries only its first characters; the rest is fetched when it is opened. Small, so a
 * 20-step trace of long search results stays well under 100 KiB of HTML (the preview is sent twice: in
 * the HTML and in the RSC payload).
 */
export const FOLDED_PREVIEW_CHARS = 200;

/** Which of a step's texts a folded text is, fetched whole from the step route when opened. */
export interface Fold {
  readonly step: number;
  readonly part: "text" | "observation";
}

/**
 * Monospace text block. Long text starts folded: with `fold` it sends only a preview and fetches the
 * rest when opened (FoldedText, inside a TraceBaseProvider); without, it is sent whole behind a native
 * <details>.
 */
export function CollapsibleText({
  text,
  collapsed,
  label,
  fold,
}: {
  text: string;
  collapsed: boolean;
  label: string;
  /** Absent: a long text is sent whole (a step opened with `?open=`, or a list without a trace base). */
  fold?: Fold;
}) {
  if (collapsed && fold && text.length > FOLDED_PREVIEW_CHARS) {
    return <FoldedText preview={text.slice(0, FOLDED_PREVIEW_CHARS)} length={text.length} label={label} step={fold.step} part={fold.part} />;
  }
  const block = (
    <pre className="trace-text" {...(collapsed ? { "data-testid": "collapsible-text" } : {})}>
      {text === "" ? <span className="text-muted">(empty)</span> : text}
    </pre>
  );
  if (!collapsed) return block;
  return (
    <details className="group" data-testid="collapsible" data-state="full">
      <summary className="trace-fold">
        {label} · {text.length.toLocaleString("en-US")} characters <span className="group-open:hidden">(show)</span>
      </summary>
      <div className="mt-1">{block}</div>
    </details>
  );
}
