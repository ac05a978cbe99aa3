// The environment, parsed once with zod. Fails loudly naming the variable. Holds API keys: import it
// only from server code (pages, actions, workers, CLI), never from a client component.
import { z } from "zod";

const optionalSecret = z.string().trim().min(1).optional();

export const envSchema = z.object({
  /** PostgreSQL URL. Optional: the engine-only CLI commands (score, fetch) work without a database. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" })
    .optional(),
  /** Folder with the official WorkBench files (v1/, v2026/); resolved by lib/workbench/datasets resolveDataDir. */
  WORKBENCH_DATA_DIR: z.string().trim().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  OPENAI_API_KEY: optionalSecret,
  ANTHROPIC_API_KEY: optionalSecret,
  OPENAI_COMPATIBLE_API_KEY: optionalSecret,
  /** External runs in push mode: the agent endpoint Studio posts each task to (never set from the form). */
  WORKBENCH_AGENT_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** Sent to WORKBENCH_AGENT_URL as `Authorization: Bearer …` when set. */
  WORKBENCH_AGENT_TOKEN: optionalSecret,
  /** Base URL external agents reach Studio at (MCP and task URLs), when not the request's own origin. */
  WORKBENCH_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Parses an environment (exported for tests); the message names every invalid variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings (e.g. `FOO=` in a shell) mean "unset", as in most tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment variable(s): ${problems.join("; ")}`);
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function requireDatabaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (run through `npm start`, or `tsx scripts/with-db.ts -- <command>`)");
  return url;
}
