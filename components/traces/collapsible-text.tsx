import clsx from "clsx";

/** Folded text sends only its first characters; the full text is one link away (`fullHref`). */
export const FOLDED_PREVIEW_CHARS = 1_000;

/**
 * Monospace text block; long text starts folded behind a native <details> (no client JS). A folded
 * text carries only a preview and a link to the page that shows it whole, so a trace of long
 * observations stays light.
 */
export function CollapsibleText({
  text,
  collapsed,
  label,
  className,
  fullHref,
}: {
  text: string;
  collapsed: boolean;
  label: string;
  className?: string;
  /** Where the whole text is shown; without it a folded text is sent whole. */
  fullHref?: string;
}) {
  const cut = collapsed && fullHref !== undefined && text.length > FOLDED_PREVIEW_CHARS;
  const block = (
    <pre className={clsx("overflow-x-auto rounded-lg bg-canvas px-3 py-2 text-xs leading-relaxed whitespace-pre-wrap break-words text-ink ring-1 ring-line ring-inset", className)}>
      {text === "" ? <span className="text-muted">(empty)</span> : cut ? `${text.slice(0, FOLDED_PREVIEW_CHARS)}…` : text}
    </pre>
  );
  if (!collapsed) return block;
  return (
    <details className="group" data-testid="collapsible">
      <summary className="cursor-pointer text-xs text-muted select-none hover:text-ink">
        {label} · {text.length.toLocaleString("en-US")} characters <span className="group-open:hidden">(show)</span>
      </summary>
      <div className="mt-1">
        {block}
        {cut ? (
          <a href={fullHref} className="mt-1 inline-block text-xs text-accent" data-testid="collapsible-full">
            Show all {text.length.toLocaleString("en-US")} characters
          </a>
        ) : null}
      </div>
    </details>
  );
}
