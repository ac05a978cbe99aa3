// CLI commands that need PostgreSQL re-run themselves through scripts/with-db.ts when DATABASE_URL is
// unset, so `npm run workbench -- import-data` works with the embedded database (attaching to the one
// `npm start` runs, if any).
import { spawn } from "node:child_process";
import path from "node:path";

const withDbScript = path.resolve(import.meta.dirname, "..", "with-db.ts");

/** Re-runs this very process (same node flags, so tsx stays loaded) under with-db; resolves its exit code. */
export function rerunWithDatabase(): Promise<number> {
  const node = [process.execPath, ...process.execArgv];
  const [, script, ...args] = process.argv;
  if (!script) throw new Error("cannot determine the running script");
  const child = spawn(node[0]!, [...node.slice(1), withDbScript, "--", ...node, script, ...args], { stdio: "inherit" });
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(1));
  });
}
