import { describe, expect, test } from "vitest";
import { foreignOriginReason, needsOriginCheck } from "./action-origin";

describe("needsOriginCheck", () => {
  test.each([
    ["POST", "/runs/new", true],
    ["POST", "/", true],
    ["GET", "/runs/new", false],
    ["POST", "/api/auth/sign-in/email", false],
    ["POST", "/mcp/run-1", false],
    ["POST", "/api/runs/run-1/claim", false],
    ["POST", "/api/runs/run-1/finish", false],
    ["POST", "/api/runs/run-1/turns", false],
    // Not a route of the app: Next would still run the action id it names (and answer a foreign Origin with 500).
    ["POST", "/api/x", true],
    ["POST", "/api/runs/run-1/claim/x", true],
    ["POST", "/favicon.icox", true],
    ["POST", "/mcp/run-1/x", true],
  ])("%s %s → %s", (method, path, expected) => expect(needsOriginCheck(method, path)).toBe(expected));
});

describe("foreignOriginReason", () => {
  test.each([
    ["same origin", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }, null],
    ["behind a proxy that sets X-Forwarded-Host", { host: "10.0.0.2:3000", "x-forwarded-host": "studio.example.org", origin: "https://studio.example.org" }, null],
    ["missing Origin", { host: "127.0.0.1:3000" }, "missing Origin"],
    ["opaque Origin", { host: "127.0.0.1:3000", origin: "null" }, "missing Origin"],
    ["foreign Origin", { host: "127.0.0.1:3000", origin: "https://evil.example" }, "foreign Origin"],
    ["another port is another origin", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3001" }, "foreign Origin"],
    ["malformed Origin", { host: "127.0.0.1:3000", origin: "::::" }, "malformed Origin"],
  ])("%s", (_name, headers, expected) => {
    expect(foreignOriginReason(new Headers(headers as Record<string, string>))).toBe(expected);
  });
});
