// Sign-in configuration from the environment, readable without touching the database: which methods
// are on, whether read-only pages are private. No framework imports (scripts/start.ts reads it too).
import { z } from "zod";
import { env as currentEnv, type EnvPart as Environment } from "@/lib/env";

export const DEFAULT_ADMIN_EMAIL = "admin@studio.local";

const OidcProviderSchema = z.object({
  /** Short id used in the callback URL: /api/auth/oauth2/callback/<providerId>. */
  providerId: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).optional(),
  discoveryUrl: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.array(z.string()).optional(),
});
export type OidcProvider = z.infer<typeof OidcProviderSchema>;

/** STUDIO_OIDC_PROVIDERS: a JSON array of OpenID Connect providers (teams); fails naming the variable. */
export function oidcProviders(env: Environment = currentEnv()): OidcProvider[] {
  const raw = env.STUDIO_OIDC_PROVIDERS?.trim();
  if (!raw) return [];
  const parsed = z.array(OidcProviderSchema).safeParse(JSON.parse(raw));
  if (!parsed.success) {
    throw new Error(`STUDIO_OIDC_PROVIDERS: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  }
  return parsed.data;
}

/** Is sign-in on? Then every change needs a session; without it the server must stay on loopback. */
export function signInConfigured(env: Environment = currentEnv()): boolean {
  return Boolean(env.STUDIO_ADMIN_PASSWORD) || oidcProviders(env).length > 0;
}

/** STUDIO_PRIVATE=1: read-only pages need a session too. */
export function pagesArePrivate(env: Environment = currentEnv()): boolean {
  return env.STUDIO_PRIVATE === true;
}

export function adminEmail(env: Environment = currentEnv()): string {
  return (env.STUDIO_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).toLowerCase();
}
