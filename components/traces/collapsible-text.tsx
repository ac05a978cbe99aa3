import clsx from "clsx";

/** Monospace text block; long text starts folded behind a native <details> (no client JS). */
export function CollapsibleText({ text, collapsed, label, className }: { text: string; collapsed: boolean; label: string; className?: string }) {
  const block = (
    <pre className={clsx("overflow-x-auto rounded-lg bg-canvas px-3 py-2 text-xs leading-relaxed whitespace-pre-wrap break-words text-ink ring-1 ring-line ring-inset", className)}>
      {text === "" ? <span className="text-muted">(empty)</span> : text}
    </pre>
  );
  if (!collapsed) return block;
  return (
    <details className="group" data-testid="collapsible">
      <summary className="cursor-pointer text-xs text-muted select-none hover:text-ink">
        {label} · {text.length.toLocaleString("en-US")} characters <span className="group-open:hidden">(show)</span>
      </summary>
      <div className="mt-1">{block}</div>
    </details>
  );
}
