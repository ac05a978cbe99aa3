// `npm start` / `npm run worker` put `sh -c` and tsx between npm and our process. npm forwards SIGTERM
// to `sh`, which dies without passing it on, so our process would be orphaned and keep running (with
// PostgreSQL and next-server). This watches the launcher chain (our ancestors up to npm) and, when one
// of them exits, sends SIGTERM to this process: its normal stop path then stops the whole tree.
import { readFileSync } from "node:fs";
import { isProcessAlive } from "./postmaster";

const POLL_MS = 500;

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

const isNpm = (pid: number) => {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    // npm renames its process "npm run <script>"; started by path it shows as .../npm-cli.js.
    return cmdline.slice(0, 2).some((part) => /(^|\/)npm(-cli\.js)?( |$)/.test(part));
  } catch {
    return false;
  }
};

/** Our ancestors up to and including the npm process that launched us; empty when npm did not. */
export function launcherChain(): number[] {
  if (!process.env.npm_lifecycle_event) return []; // npm's own variable: were we launched by npm?
  const chain: number[] = [];
  for (let pid = process.ppid; chain.length < 6 && pid > 1; pid = parentOf(pid) ?? 0) {
    chain.push(pid);
    if (isNpm(pid)) return chain;
  }
  return []; // no npm found nearby: do not tie our life to unknown ancestors
}

/** SIGTERM to this process once any process of the launcher chain has exited. */
export function stopWhenLauncherExits(): void {
  const chain = launcherChain();
  if (chain.length === 0) return;
  const timer = setInterval(() => {
    if (chain.every(isProcessAlive)) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, POLL_MS);
  timer.unref();
}
