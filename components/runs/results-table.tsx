"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { ResultVerdictBadges, type ResultVerdict } from "./verdict-badges";

/** A row of a run's results table: plain data (the calls only counted). */
export interface ResultListRow extends ResultVerdict {
  readonly id: string;
  readonly trial: number;
  readonly calls: number;
  readonly task: { readonly key: string; readonly domain: string; readonly text: string; readonly actionCount: number };
}

/**
 * Task results of a run; each row links to its trace. A client component handed plain rows, so the run
 * page carries each row's data once in its payload rather than a second, rendered copy of the row.
 */
export function ResultsTable({ runId, rows, showTrial }: { runId: string; rows: readonly ResultListRow[]; showTrial: boolean }) {
  return (
    <Table data-testid="results-table">
      <TableHead>
        <tr>
          <TableHeaderCell>Task</TableHeaderCell>
          <TableHeaderCell>Domain</TableHeaderCell>
          {showTrial ? <TableHeaderCell numeric>Trial</TableHeaderCell> : null}
          <TableHeaderCell numeric>GT actions</TableHeaderCell>
          <TableHeaderCell numeric>Calls</TableHeaderCell>
          <TableHeaderCell>Verdict</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="result-row" data-correct={String(row.correct === true)}>
            <TableCell className="max-w-xl">
              <Link href={`/runs/${runId}/tasks/${row.id}`} className="block truncate text-ink hover:text-accent" title={row.task.text} data-testid="result-link">
                <span className="mr-2 font-mono text-xs text-muted">{row.task.key}</span>
                {row.task.text}
              </Link>
            </TableCell>
            <TableCell>
              <Badge>{row.task.domain}</Badge>
            </TableCell>
            {showTrial ? <TableCell numeric>{row.trial}</TableCell> : null}
            <TableCell numeric>{row.task.actionCount}</TableCell>
            <TableCell numeric>{row.calls}</TableCell>
            <TableCell>
              <ResultVerdictBadges result={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
