import clsx from "clsx";
import type { PaperCell } from "@/lib/metrics/paper-report";

const format = (cell: PaperCell, value: number) => (cell.unit === "%" ? `${value.toFixed(2)} %` : String(value));
const signed = (cell: PaperCell, value: number) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${cell.unit === "%" ? Math.abs(value).toFixed(2) : Math.abs(value)}`;

/**
 * One figure: Studio's value, the paper's, the difference; a numbered note marker when the difference
 * is more than rounding once (double rounding included) or the paper's value is the context window's 0 % (the notes list below the table).
 */
export function PaperCellView({ cell, noteNumber }: { cell: PaperCell; noteNumber?: number }) {
  // A match only by rounding twice is not a plain match: its difference reads as one (with its note).
  const tone = cell.status === "match" ? "text-good" : cell.status === "differs" || cell.status === "rounded-twice" ? "text-warn" : "text-muted";
  return (
    <div className="flex flex-col items-end gap-0.5 tabular-nums" data-testid={`paper-cell-${cell.id}`} data-status={cell.status}>
      <span className="font-medium text-ink" data-testid="studio-value">
        {cell.studio === null ? (cell.status === "context-window" ? "0 % (context window)" : "—") : format(cell, cell.studio)}
      </span>
      <span className="text-xs text-muted">
        paper <span data-testid="paper-value">{cell.unit === "%" ? `${cell.paper} %` : cell.paper}</span>
        {cell.difference !== null ? (
          <span className={clsx("ml-1", tone)} data-testid="difference">
            {signed(cell, cell.difference)}
          </span>
        ) : null}
        {noteNumber !== undefined ? (
          <a href={`#note-${noteNumber}`} className="ml-1 font-semibold text-warn" data-testid="note-marker">
            [{noteNumber}]
          </a>
        ) : null}
      </span>
    </div>
  );
}

/** Numbers the cells that carry a note, in reading order; the same text gets the same number. */
export function numberNotes(cells: readonly PaperCell[]): { numberOf: (cell: PaperCell) => number | undefined; notes: { number: number; text: string; ids: string[] }[] } {
  const notes: { number: number; text: string; ids: string[] }[] = [];
  for (const cell of cells) {
    if (!cell.note) continue;
    const existing = notes.find((note) => note.text === cell.note);
    if (existing) existing.ids.push(cell.id);
    else notes.push({ number: notes.length + 1, text: cell.note, ids: [cell.id] });
  }
  return { notes, numberOf: (cell) => notes.find((note) => note.ids.includes(cell.id))?.number };
}

export function PaperNotes({ notes }: { notes: readonly { number: number; text: string; ids: readonly string[] }[] }) {
  if (notes.length === 0) {
    return <p className="border-t border-line px-5 py-2 text-xs text-muted">Every figure matches the paper after rounding.</p>;
  }
  return (
    <ol className="space-y-1 border-t border-line px-5 py-3 text-xs text-muted" data-testid="paper-notes">
      {notes.map((note) => (
        <li key={note.number} id={`note-${note.number}`} data-testid="paper-note" data-cells={note.ids.join(" ")}>
          <span className="font-semibold text-warn">[{note.number}]</span> {note.text}
        </li>
      ))}
    </ol>
  );
}
