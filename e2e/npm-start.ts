// `npm start` (scripts/start.ts from source) as a spec's own process: its own embedded PostgreSQL in a
// temporary folder, its own port, beside the suite's server; uses the suite's production build
// (NEXT_DIST_DIR, .next-test under `npm test`). For the first-start specs.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface StartedStudio {
  readonly child: ChildProcess;
  readonly base: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * Starts scripts/start.ts with `env` over the suite's environment (a variable given as undefined is
 * removed), minus DATABASE_URL and the suite's sign-in (a fresh install: the suite's admin session
 * belongs to the suite's server).
 */
export function startStudio(port: number, env: Record<string, string | undefined>): StartedStudio {
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-test", ...env };
  delete merged.DATABASE_URL;
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  for (const name of Object.keys(merged)) if (name.startsWith("STUDIO_")) delete merged[name];
  const child = spawn(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], { cwd: repoRoot, env: merged, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

/** Waits until `/` answers 200; fails with the output when it exits or `budgetMs` passes. */
export async function waitUntilServing(studio: StartedStudio, budgetMs: number): Promise<void> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    if (studio.child.exitCode !== null) throw new Error(`npm start exited with ${studio.child.exitCode}\n--- npm start output ---\n${studio.output()}`);
    try {
      if ((await fetch(`${studio.base}/`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${studio.base}/ not serving within ${budgetMs / 1000} s\n--- npm start output ---\n${studio.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** SIGTERM to its process group (start.ts, next, postgres); waits up to 20 s for it to exit and its output to end. */
export async function stopStudio(studio: StartedStudio | undefined): Promise<void> {
  const child = studio?.child;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("close", resolve));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

/** A spec's own studio and the temporary folders it used: `cleanUp()` (in afterAll) stops and removes them. */
export class OwnStudio {
  current: StartedStudio | undefined;
  private readonly folders: string[] = [];

  /** A fresh embedded PostgreSQL's data folder (WORKBENCH_PG_DATA_DIR) in a new temporary folder. */
  pgDataDir(prefix: string): string {
    const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
    chmodSync(folder, 0o755); // the embedded server runs as the postgres user, which must reach its data dir
    this.folders.push(folder);
    return path.join(folder, "pg");
  }

  start(port: number, env: Record<string, string | undefined>): StartedStudio {
    this.current = startStudio(port, env);
    return this.current;
  }

  async cleanUp(): Promise<void> {
    await stopStudio(this.current);
    for (const folder of this.folders) rmSync(folder, { recursive: true, force: true });
  }
}
