import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { PaperCell, PaperReport } from "@/lib/metrics/paper-report";
import { PaperCellView, PaperNotes } from "./paper-cell";

export interface NoteIndex {
  readonly numberOf: (cell: PaperCell) => number | undefined;
  readonly notes: readonly { number: number; text: string; ids: string[] }[];
}

/** A card of the page: title, the paper's caption, the table, and the notes of its cells. */
function PaperCard({ id, title, caption, cells, index, children }: { id: string; title: string; caption: ReactNode; cells: readonly PaperCell[]; index: NoteIndex; children: ReactNode }) {
  const ids = new Set(cells.map((cell) => cell.id));
  return (
    <Card id={id} data-testid={id}>
      <CardHeader title={title} description={caption} />
      {children}
      <PaperNotes notes={index.notes.filter((note) => note.ids.some((cellId) => ids.has(cellId)))} />
    </Card>
  );
}

const TOOL_SET_LABELS = { domains: "Accuracy (required tools)", all: "Accuracy (all tools)" } as const;

/** Labelled columns across, one labelled row of cells each: the layout of Tables 5, 6 and 7. */
function FigureGrid({ columns, rows, index }: { columns: readonly { key: string; label: string }[]; rows: readonly { key: string; label: string; cells: readonly PaperCell[] }[]; index: NoteIndex }) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeaderCell />
          {columns.map((column) => (
            <TableHeaderCell key={column.key} numeric>{column.label}</TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell className="text-muted">{row.label}</TableCell>
            {row.cells.map((cell) => (
              <TableCell key={cell.id} numeric><PaperCellView cell={cell} noteNumber={index.numberOf(cell)} /></TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const modelColumns = (report: PaperReport) => report.models.map((m) => ({ key: m.model, label: m.label }));

/** Table 5 as the paper lays it out: models across, the two tool sets down. */
export function Table5({ report, index }: { report: PaperReport; index: NoteIndex }) {
  const rows = report.table5.map((row) => ({ key: row.toolSet, label: TOOL_SET_LABELS[row.toolSet], cells: row.cells }));
  return (
    <PaperCard id="table-5" title="Table 5 · accuracy per model" caption="Upper row: only the toolkit the task needs; lower row: all 26 tools." cells={rows.flatMap((row) => row.cells)} index={index}>
      <FigureGrid columns={modelColumns(report)} rows={rows} index={index} />
    </PaperCard>
  );
}

const TABLE_6_ROWS = [
  { key: "tasks", label: "Number of tasks" },
  { key: "accuracy", label: "Accuracy (↑)" },
  { key: "sideEffects", label: "Side effects (↓)" },
] as const;

/** Table 6: GPT-4 ReAct, all tools, domains across; tasks, accuracy and side effects down. */
export function Table6({ report, index }: { report: PaperReport; index: NoteIndex }) {
  const rows = TABLE_6_ROWS.map((row) => ({ ...row, cells: report.table6.map((column) => column[row.key]) }));
  const columns = report.table6.map((column) => ({ key: column.domain, label: column.label }));
  return (
    <PaperCard id="table-6" title="Table 6 · GPT-4 ReAct agent per domain" caption="All tools. Higher is better for accuracy, lower for side effects." cells={rows.flatMap((row) => row.cells)} index={index}>
      <FigureGrid columns={columns} rows={rows} index={index} />
    </PaperCard>
  );
}

/** Table 7: all tools, accuracy by the ground truth's number of actions; models across. */
export function Table7({ report, index }: { report: PaperReport; index: NoteIndex }) {
  const rows = report.table7.map((row) => ({ key: row.bucket, label: `Accuracy (${row.label})`, cells: row.cells }));
  return (
    <PaperCard id="table-7" title="Table 7 · accuracy by number of actions" caption="All tools in the prompt (which does not fit GPT-3.5's or Llama2-70B's context window). 2+ lies inside 1+." cells={rows.flatMap((row) => row.cells)} index={index}>
      <FigureGrid columns={modelColumns(report)} rows={rows} index={index} />
    </PaperCard>
  );
}

const FIGURE_6_GROUPS = [
  { title: "(a) All tasks", rows: [["correct", "Correct"], ["withoutSideEffects", "Errors without side effects"], ["withSideEffects", "Errors with side effects"]] },
  { title: "(b) Errors without side effects", rows: [["noActions", "No actions (failed to follow ReAct)"], ["wrongEmailNoSideEffects", "Wrong email address"], ["meetingStartNoSideEffects", "Meeting start time"]] },
  { title: "(c) Errors with side effects", rows: [["wrongEmailWithSideEffects", "Wrong email address"], ["endDateWithSideEffects", "End date off by one day"], ["meetingStartWithSideEffects", "Meeting start time"]] },
] as const;

/** Figure 6: GPT-4's error breakdown, the paper's three panels as three lists of counts. */
export function Figure6({ report, index }: { report: PaperReport; index: NoteIndex }) {
  const f6 = report.figure6;
  return (
    <PaperCard
      id="figure-6"
      title="Figure 6 · error breakdown, GPT-4 (all tools)"
      caption="The paper draws these as a chart; its values are the original evaluator's calculate_metrics counts (its plot script hard-codes 294 and 177 of 690). Categories in (b) and (c) overlap, as in the paper."
      cells={Object.values(f6)}
      index={index}
    >
      <div className="grid gap-5 px-5 py-4 md:grid-cols-3">
        {FIGURE_6_GROUPS.map((group) => (
          <div key={group.title}>
            <div className="border-b border-line pb-1 text-xs font-medium text-muted">{group.title}</div>
            <ul className="mt-1 space-y-2">
              {group.rows.map(([key, label]) => (
                <li key={key} className="flex items-start justify-between gap-3 text-sm">
                  <span className="text-muted">{label}</span>
                  <PaperCellView cell={f6[key]} noteNumber={index.numberOf(f6[key])} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </PaperCard>
  );
}

export { PaperCard };
