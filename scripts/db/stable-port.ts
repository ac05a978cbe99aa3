// The embedded PostgreSQL keeps one port for the life of its data dir (stored in `workbench.port`
// inside it), so a server restarted after a crash comes back where every open pool and every
// DATABASE_URL handed to child processes expects it.
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { findFreePort } from "./free-port";

const PORT_FILE = "workbench.port";

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export function storedPort(dataDir: string): number | null {
  try {
    const port = Number(readFileSync(path.join(dataDir, PORT_FILE), "utf8").trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

/**
 * The data dir's port: the stored one when it is free, else a new one (stored). Call only when no
 * server of this data dir is running (its own port is then in use by it).
 */
export async function stablePort(dataDir: string): Promise<number> {
  const stored = storedPort(dataDir);
  if (stored !== null && (await isPortFree(stored))) return stored;
  const port = await findFreePort();
  if (stored !== null) process.stderr.write(`database: port ${stored} is taken by another program; PostgreSQL moves to ${port}\n`);
  writeFileSync(path.join(dataDir, PORT_FILE), `${port}\n`);
  return port;
}
