import { describe, expect, test } from "vitest";
import { parseEnv } from "@/lib/env";
import { adminEmail, oidcProviders, pagesArePrivate, signInConfigured } from "./config";

const okta = { providerId: "okta", discoveryUrl: "https://example.okta.com/.well-known/openid-configuration", clientId: "id", clientSecret: "secret" };

describe("sign-in configuration", () => {
  test("off by default; on with an admin password or an OIDC provider", () => {
    expect(signInConfigured({})).toBe(false);
    expect(signInConfigured({ STUDIO_ADMIN_PASSWORD: "pw" })).toBe(true);
    expect(signInConfigured({ STUDIO_OIDC_PROVIDERS: JSON.stringify([okta]) })).toBe(true);
  });

  test("OIDC providers are validated, naming the variable and the field", () => {
    expect(oidcProviders({ STUDIO_OIDC_PROVIDERS: JSON.stringify([okta]) })).toEqual([okta]);
    expect(() => oidcProviders({ STUDIO_OIDC_PROVIDERS: JSON.stringify([{ ...okta, discoveryUrl: "file:///x" }]) })).toThrow(
      /STUDIO_OIDC_PROVIDERS: 0\.discoveryUrl/,
    );
  });

  test("private pages and the admin's email", () => {
    expect(pagesArePrivate(parseEnv({ STUDIO_PRIVATE: "1" }))).toBe(true);
    expect(pagesArePrivate(parseEnv({ STUDIO_PRIVATE: "0" }))).toBe(false);
    expect(adminEmail({})).toBe("admin@studio.local");
    expect(adminEmail({ STUDIO_ADMIN_EMAIL: "Ops@Example.com" })).toBe("ops@example.com");
  });
});
