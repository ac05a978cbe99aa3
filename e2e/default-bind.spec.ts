// Default bind is loopback: `npm start` (scripts/start.ts) with HOST unset answers on 127.0.0.1 and on
// no other address of this machine, and SIGTERM leaves none of its processes behind.
// It lives in the e2e suite because start.ts serves a production build: the suite has just built one
// (NEXT_DIST_DIR, .next-test under scripts/test.ts), so start.ts finds it fresh and only runs `next start`.
// Sign-in stays configured as in the rest of the suite: that is the case where a public address would be
// allowed, so only the default keeps the server on loopback.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "@/scripts/db/free-port";
import { expect, test } from "./fixtures";

const repoRoot = path.resolve(import.meta.dirname, "..");

/** Resolves true when a TCP connection to host:port is accepted, false when refused or silent. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 3_000 });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/** Listening sockets on `port` from /proc/net/tcp and tcp6, as hex local addresses (0100007F = 127.0.0.1). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === "0A" && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => fields[1]!.split(":")[0]!),
  );
}

/** Every live process below `root` (walks /proc parent links). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent pid; the command name (field 2) may contain spaces, so split after ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // exited while we read
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parents) if (ppid === parent) (found.push(pid), queue.push(pid));
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code))));

test("npm start with HOST unset listens on 127.0.0.1 only and SIGTERM stops the whole tree", async () => {
  test.setTimeout(240_000);
  const port = await findFreePort();
  // The suite's DATABASE_URL (start.ts then skips its own embedded PostgreSQL); no data import.
  const { HOST: _host, WORKBENCH_DATA_DIR: _data, ...env } = process.env;
  const start = spawn(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  start.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  start.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let tree: number[] = [];
  try {
    await expect
      .poll(
        async () => {
          // A rebuild here would replace the build the suite's own server is serving: stop at once.
          if (output.includes("Building the app")) throw new Error(`start.ts found the build stale and began to rebuild:\n${output}`);
          if (start.exitCode !== null) throw new Error(`start.ts exited with ${start.exitCode}:\n${output}`);
          return accepts("127.0.0.1", port);
        },
        { timeout: 180_000, intervals: [500] },
      )
      .toBe(true);
    expect(output).toContain(`WorkBench Studio: http://127.0.0.1:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBeLessThan(500);

    // Not reachable on this machine's own non-loopback addresses (IPv4 and IPv6)...
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal && !address.address.startsWith("fe80"))
      .map((address) => address!.address);
    for (const address of external) expect(await accepts(address, port), `reachable on ${address}:${port}`).toBe(false);
    // ...and, whether or not the machine has such an address, the only listening socket is 127.0.0.1.
    expect(listeningAddresses(port)).toEqual(["0100007F"]);

    tree = descendants(start.pid!);
    expect(tree.length).toBeGreaterThan(0); // next start runs below start.ts
  } finally {
    start.kill("SIGTERM");
    const stopped = await Promise.race([exited(start), new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 15_000))]);
    if (stopped === "timeout") for (const pid of [start.pid!, ...descendants(start.pid!)]) if (alive(pid)) process.kill(pid, "SIGKILL");
    expect(stopped, `start.ts did not exit within 15 s of SIGTERM:\n${output}`).not.toBe("timeout");
  }
  // Nothing of the tree remains (children are reparented when their parent dies, so check each pid).
  await expect.poll(() => tree.filter(alive), { timeout: 10_000 }).toEqual([]);
  expect(listeningAddresses(port)).toEqual([]);
});
