"use client";

import clsx from "clsx";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { FigureValue } from "@/components/ui/figure-value";
import type { RunListRates, RunListRow } from "@/lib/runs/run-list-row";
import { RunLabels } from "./run-labels";
import { RunProgress } from "./run-progress";
import { RunSelectBox } from "./runs-bulk-actions";

/**
 * The runs list; compact cells (px-3, second lines) so every column, Created included, fits the page.
 * Run names and model ids wrap instead of being cut: a sweep's runs differ only at the end of their names. A client component handed preformatted rows (lib/runs/run-list-row.ts): the page
 * then carries each row's data once in its payload, not a second copy of the rendered row. `costNote`: what
 * the Cost column's estimates rest on (RUN_LIST_COST_NOTE; passed in, so the row rules stay on the server).
 */
export function RunsTable({ rows, costNote, selectable = false }: { rows: readonly RunListRow[]; costNote: string; selectable?: boolean }) {
  return (
    <Table data-testid="runs-table" className="whitespace-nowrap [&_td]:px-2.5 [&_th]:px-2.5">
      <TableHead>
        <tr>
          {selectable ? <TableHeaderCell className="w-6"><span className="sr-only">Select</span></TableHeaderCell> : null}
          <TableHeaderCell>Run</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Progress</TableHeaderCell>
          <TableHeaderCell>Agent / model</TableHeaderCell>
          <TableHeaderCell title="Dataset; second line: ground truth and its revision · protocol">Dataset</TableHeaderCell>
          {/* Two short lines: the list keeps every column within 1,440 px. */}
          <TableHeaderCell numeric className="w-12 whitespace-normal" title="Share of tool calls failed on purpose (0: a clean run)">Fault rate</TableHeaderCell>
          <TableHeaderCell numeric title="Second line: wrong answers that changed the sandbox">Accuracy</TableHeaderCell>
          <TableHeaderCell numeric>Errors</TableHeaderCell>
          <TableHeaderCell numeric title={costNote}>Cost</TableHeaderCell>
          <TableHeaderCell numeric>Created</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="run-row" data-run-id={row.id}>
            {selectable ? (
              <TableCell className="w-6">
                <RunSelectBox id={row.id} name={row.name} />
              </TableCell>
            ) : null}
            <TableCell className="wrap-cell max-w-56 min-w-36">
              <Link href={`/runs/${row.id}`} className="row-link" data-testid="run-name-link">
                {row.name}
              </Link>
              <span className="sub inline-flex items-center gap-1">
                {row.source} <RunLabels test={row.test} estimated={row.estimated} phrasing={row.phrasing} tags={row.tags} />
              </span>
            </TableCell>
            <TableCell className="max-w-36">
              {/* A long status ("completed with errors · 12 % failed") wraps rather than widening the list. */}
              <Badge tone={row.status.tone} className="whitespace-normal" data-testid="run-status" data-status={row.status.status} title={row.status.detail ?? undefined}>
                {row.status.label}
              </Badge>
            </TableCell>
            <TableCell>
              <RunProgress done={row.done} total={row.total} />
            </TableCell>
            <TableCell className="wrap-cell max-w-48 text-ink">
              {row.model}
              <div className="sub">{row.agentLine}</div>
            </TableCell>
            <TableCell>
              <span data-testid="run-dataset" className={clsx("block", row.generated ? "text-ink" : "text-muted")}>
                {row.dataset}
              </span>
              <div className="sub">
                <Badge>{row.groundTruth}</Badge> {row.protocol}
              </div>
            </TableCell>
            <TableCell numeric className={row.faultRate === "0" ? "text-muted" : "text-ink"} data-testid="run-fault-rate">
              {row.faultRate}
            </TableCell>
            <TableCell numeric title={row.rates.known ? row.rates.note : undefined}>
              <Rate rates={row.rates} value={row.rates.accuracy} />
              <div className="sub">side eff. <Rate rates={row.rates} value={row.rates.sideEffects} /></div>
              {row.estimate ? (
                <div className="sub" data-testid="run-estimate" title="Estimated full-benchmark accuracy, 95 % interval (the rate above is over the tasks run)">
                  est. {row.estimate}
                </div>
              ) : null}
            </TableCell>
            <TableCell numeric>{row.errors}</TableCell>
            <TableCell numeric>
              <FigureValue figure={row.cost} />
            </TableCell>
            <TableCell numeric className="sub wrap-cell min-w-20">
              {row.created}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A rate (what it is over is the cell's tooltip); "—" with its reason, underlined, when there is none. */
function Rate({ rates, value }: { rates: RunListRates; value: string }) {
  return rates.known ? value : <FigureValue figure={{ text: value, reason: rates.note, state: "unknown" }} />;
}
