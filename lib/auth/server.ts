// The better-auth instance (email + password for the admin account, optional OIDC providers), over
// Prisma. Server only: it holds the signing secret.
import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { oidcProviders } from "./config";

/**
 * BETTER_AUTH_SECRET when set; otherwise one derived from the admin password, so a single variable
 * is enough to start (changing the password then signs everyone out, which is what one wants).
 */
function authSecret(): string {
  const explicit = env().BETTER_AUTH_SECRET;
  if (explicit) return explicit;
  const password = env().STUDIO_ADMIN_PASSWORD ?? "";
  return createHash("sha256").update(`workbench-studio-auth-secret:${password}`).digest("hex");
}

function createAuth() {
  const port = env().PORT;
  const providers = oidcProviders();
  return betterAuth({
    appName: "WorkBench Studio",
    baseURL: env().BETTER_AUTH_URL || `http://localhost:${port}`,
    trustedOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    secret: authSecret(),
    database: prismaAdapter(prisma, { provider: "postgresql" }),
    // Accounts are the admin (ensured from STUDIO_ADMIN_PASSWORD) and OIDC users: no public sign-up.
    emailAndPassword: { enabled: true, disableSignUp: true },
    telemetry: { enabled: false },
    // better-auth's own rate limiter keys on this header too: the client address from the socket (or a
    // trusted proxy), never a client-supplied X-Forwarded-For (lib/auth/client-address.ts).
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } },
    plugins: [
      // OpenID Connect providers for teams (STUDIO_OIDC_PROVIDERS); an empty list adds no route.
      genericOAuth({ config: providers.map((provider) => ({ ...provider, scopes: provider.scopes ?? ["openid", "email", "profile"] })) }),
      nextCookies(), // last: lets server actions set the session cookie
    ],
  });
}

type Auth = ReturnType<typeof createAuth>;
const globalForAuth = globalThis as unknown as { workbenchAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.workbenchAuth ??= createAuth();
  return globalForAuth.workbenchAuth;
}
