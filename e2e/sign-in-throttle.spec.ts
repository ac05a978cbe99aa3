// The sign-in throttle on the real server (`next start`, the client-address layer installed by
// instrumentation.ts): an attacker on its own source address (127.0.0.9) rotating X-Forwarded-For
// is throttled on its socket address, while the admin signs in from another address (127.0.0.10).
// Raw node:http requests, so each can pick its source address on loopback.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL } from "./auth-state";

function signIn(baseURL: string, from: string, password: string, forwardedFor?: string): Promise<{ status: number; cookie: string }> {
  const url = new URL("/api/auth/sign-in/email", baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", origin: url.origin, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, cookie: String(response.headers["set-cookie"] ?? "") }));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify({ email: ADMIN_EMAIL, password }));
  });
}

test("X-Forwarded-For rotation is throttled on the socket address; the admin signs in from another client meanwhile", async ({ baseURL }) => {
  const statuses: number[] = [];
  for (let guess = 0; guess < 12; guess += 1) {
    statuses.push((await signIn(baseURL!, "127.0.0.9", `wrong-${guess}`, `198.51.100.${guess + 1}`)).status);
  }
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
  expect((await signIn(baseURL!, "127.0.0.9", process.env.STUDIO_ADMIN_PASSWORD!, "203.0.113.1")).status).toBe(429);
  const admin = await signIn(baseURL!, "127.0.0.10", process.env.STUDIO_ADMIN_PASSWORD!);
  expect(admin.status).toBe(200);
  expect(admin.cookie).toContain("session_token");
});
