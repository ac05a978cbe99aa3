import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";

interface TaskRow {
  readonly id: string;
  readonly key: string;
  readonly domain: string;
  readonly text: string;
  readonly groundTruth: readonly string[];
  readonly actionCount: number;
}

export function TasksTable({ tasks }: { tasks: readonly TaskRow[] }) {
  return (
    <Table data-testid="tasks-table">
      <TableHead>
        <tr>
          <TableHeaderCell>Task</TableHeaderCell>
          <TableHeaderCell>Domain</TableHeaderCell>
          <TableHeaderCell>Ground truth calls</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TableRow key={task.id} data-testid="task-row">
            <TableCell className="max-w-md align-top">
              <Link href={`/tasks/${task.id}`} className="text-ink hover:text-accent">
                <span className="mr-2 font-mono text-xs text-muted">{task.key}</span>
                {task.text}
              </Link>
            </TableCell>
            <TableCell className="align-top">
              <Badge>{task.domain}</Badge>
            </TableCell>
            <TableCell className="align-top font-mono text-[11px] text-muted">
              {task.actionCount === 0 ? (
                <span className="font-sans text-xs">no action</span>
              ) : (
                task.groundTruth.map((call, index) => (
                  <div key={index} className="break-all">
                    {call}
                  </div>
                ))
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
