import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { VerdictBadges } from "@/components/runs/verdict-badges";

interface TaskResultRow {
  readonly id: string;
  readonly trial: number;
  readonly correct: boolean | null;
  readonly sideEffects: boolean | null;
  readonly error: string | null;
  readonly calls: readonly string[];
  readonly run: { readonly id: string; readonly name: string; readonly model: string | null; readonly agent: string; readonly toolSet: string };
}

/** One task's verdicts across every run that scored it. */
export function TaskResultsTable({ results }: { results: readonly TaskResultRow[] }) {
  return (
    <Table data-testid="task-results-table">
      <TableHead>
        <tr>
          <TableHeaderCell>Run</TableHeaderCell>
          <TableHeaderCell>Tools</TableHeaderCell>
          <TableHeaderCell>Verdict</TableHeaderCell>
          <TableHeaderCell>Agent calls</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {results.map((result) => (
          <TableRow key={result.id} data-testid="task-result-row">
            <TableCell className="align-top">
              <Link href={`/runs/${result.run.id}/tasks/${result.id}`} className="text-ink hover:text-accent">
                {result.run.model ?? result.run.agent}
              </Link>
              <div className="text-xs text-muted">
                {result.run.name}
                {result.trial > 0 ? ` · trial ${result.trial}` : ""}
              </div>
            </TableCell>
            <TableCell className="align-top">
              <Badge>{result.run.toolSet}</Badge>
            </TableCell>
            <TableCell className="align-top">
              <VerdictBadges correct={result.correct} sideEffects={result.sideEffects} error={result.error} />
            </TableCell>
            <TableCell className="max-w-xl align-top font-mono text-[11px] text-muted">
              {result.calls.length === 0 ? <span className="font-sans text-xs">none</span> : result.calls.map((call, index) => <div key={index} className="break-all">{call}</div>)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
