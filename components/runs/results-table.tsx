import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { RunResultRow } from "@/lib/queries/results";
import { ResultVerdictBadges } from "./verdict-badges";

/** Task results of a run; each row links to its trace. */
export function ResultsTable({ runId, rows, showTrial }: { runId: string; rows: readonly RunResultRow[]; showTrial: boolean }) {
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
            <TableCell numeric>{row.calls.length}</TableCell>
            <TableCell>
              <ResultVerdictBadges result={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
