import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isDatabaseReachable } from "./db-health";

let server: net.Server;
let openPort: number;
let closedPort: number;

beforeAll(async () => {
  server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  openPort = (server.address() as net.AddressInfo).port;
  const spare = net.createServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  closedPort = (spare.address() as net.AddressInfo).port;
  await new Promise((resolve) => spare.close(resolve));
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("isDatabaseReachable", () => {
  test("a listening server is up, a refused port is down", async () => {
    expect(await isDatabaseReachable(`postgresql://u:p@127.0.0.1:${openPort}/db`)).toBe(true);
    expect(await isDatabaseReachable(`postgresql://u:p@127.0.0.1:${closedPort}/db`)).toBe(false);
  });

  test("a busy process (its event loop blocked past the probe's timeout) still sees an up database as up", async () => {
    const reachable = isDatabaseReachable(`postgresql://u:p@127.0.0.1:${openPort}/busy`, 50);
    const until = Date.now() + 200;
    while (Date.now() < until); // the timer and the connect are both due when the loop comes back
    expect(await reachable).toBe(true);
  });
});
