import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, createNonce } from "./csp";

describe("contentSecurityPolicy", () => {
  test("scripts need the nonce (no unsafe-inline), framing is refused", () => {
    const policy = contentSecurityPolicy("abc123");
    const scripts = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(contentSecurityPolicy("n", { development: true })).toContain("'unsafe-eval'");
  });

  test("nonces are fresh and long enough", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
