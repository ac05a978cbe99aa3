// The processes a command left behind: every descendant of a pid (from /proc, Linux only), for the
// tests that stop the product with a signal and check that nothing of it remains.
import { readdirSync, readFileSync } from "node:fs";
import { isProcessAlive } from "./postmaster";

/** [state, ppid] from /proc/<pid>/stat ("pid (comm) state ppid ..."; comm may contain spaces). */
function stat(pid: number): [string, number] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return [state ?? "", Number(ppid)];
  } catch {
    return null;
  }
}

const parentOf = (pid: number) => stat(pid)?.[1] ?? null;
/** Alive and not a zombie (a zombie holds nothing: no port, no lock, no memory). */
const isRunning = (pid: number) => isProcessAlive(pid) && stat(pid)?.[0] !== "Z";

/** `root` and every live descendant of it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Names of the given processes still alive, e.g. ["1234 postgres"]. */
export function survivors(pids: Iterable<number>): string[] {
  return [...new Set(pids)].filter(isRunning).map((pid) => {
    try {
      return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim()}`;
    } catch {
      return `${pid}`;
    }
  });
}
