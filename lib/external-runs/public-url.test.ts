import { expect, test } from "vitest";
import { copyTrustedForwarding, trustedProxyList } from "@/lib/auth/client-address";
import { publicBaseUrl } from "./public-url";

// As `next start` hands a route handler the request: its url on the server's own localhost origin.
function nextRequest(headers: Record<string, string>): Request {
  return new Request("http://localhost:3000/api/runs/r1/claim", { method: "POST", headers });
}

test("the agent's own Host, not the server's localhost origin", () => {
  expect(publicBaseUrl(nextRequest({ host: "10.1.2.3:3209" }), { layerInstalled: true })).toBe("http://10.1.2.3:3209");
  expect(publicBaseUrl(nextRequest({ host: "studio.lan" }), { layerInstalled: true })).toBe("http://studio.lan");
  expect(publicBaseUrl(nextRequest({ host: "[::1]:3000" }), { layerInstalled: false })).toBe("http://[::1]:3000");
});

test("WORKBENCH_PUBLIC_URL wins over every header", () => {
  const request = nextRequest({ host: "10.1.2.3:3209", "x-studio-forwarded-host": "proxy.example" });
  expect(publicBaseUrl(request, { configured: "https://bench.example.org/", layerInstalled: true })).toBe("https://bench.example.org");
});

test("a Host that is not a host name is ignored (no URL injection)", () => {
  for (const host of ["evil.example/path?x=", "a b", "user@evil.example", "", "x".repeat(300)]) {
    expect(publicBaseUrl(nextRequest({ host }), { layerInstalled: true })).toBe("http://localhost:3000");
  }
});

test("forwarded host and proto count only when the layer wrote them (a trusted proxy)", () => {
  const headers = { host: "127.0.0.1:3000", "x-studio-forwarded-host": "bench.example.org", "x-studio-forwarded-proto": "https" };
  expect(publicBaseUrl(nextRequest(headers), { layerInstalled: true })).toBe("https://bench.example.org");
  // No layer in this process: the client could have sent them itself.
  expect(publicBaseUrl(nextRequest(headers), { layerInstalled: false })).toBe("http://127.0.0.1:3000");
});

test("the layer copies X-Forwarded-Host/-Proto from a trusted proxy only, and drops a client's own copies", () => {
  const trusted = trustedProxyList(["10.0.0.0/8"]);
  const fromProxy: Record<string, string | string[] | undefined> = { "x-forwarded-host": "bench.example.org, inner.lan", "x-forwarded-proto": "https" };
  copyTrustedForwarding(fromProxy, "::ffff:10.0.0.7", trusted);
  expect(fromProxy["x-studio-forwarded-host"]).toBe("bench.example.org");
  expect(fromProxy["x-studio-forwarded-proto"]).toBe("https");

  const spoofed: Record<string, string | string[] | undefined> = {
    "x-forwarded-host": "evil.example",
    "x-studio-forwarded-host": "evil.example",
    "x-studio-forwarded-proto": "https",
  };
  copyTrustedForwarding(spoofed, "203.0.113.9", trusted);
  expect(spoofed["x-studio-forwarded-host"]).toBeUndefined();
  expect(spoofed["x-studio-forwarded-proto"]).toBeUndefined();

  const noProxies: Record<string, string | string[] | undefined> = { "x-forwarded-host": "evil.example" };
  copyTrustedForwarding(noProxies, "10.0.0.7", trustedProxyList([]));
  expect(noProxies["x-studio-forwarded-host"]).toBeUndefined();
});

test("the CLI's hint names where npm start listens (HOST, PORT) or WORKBENCH_PUBLIC_URL, not always localhost:3000", async () => {
  const { studioUrlForHints } = await import("./public-url");
  expect(studioUrlForHints({}, "box")).toBe("http://127.0.0.1:3000");
  expect(studioUrlForHints({ PORT: 3209 }, "box")).toBe("http://127.0.0.1:3209");
  expect(studioUrlForHints({ HOST: "10.0.0.5", PORT: 8080 }, "box")).toBe("http://10.0.0.5:8080");
  expect(studioUrlForHints({ HOST: "0.0.0.0", PORT: 8080 }, "box")).toBe("http://box:8080");
  expect(studioUrlForHints({ HOST: "::1" }, "box")).toBe("http://[::1]:3000");
  expect(studioUrlForHints({ WORKBENCH_PUBLIC_URL: "https://bench.example.org/", PORT: 1 }, "box")).toBe("https://bench.example.org");
});
