// The environment, parsed with one zod schema: every variable the product reads is declared here (and in
// the variables table of docs/configuration.md; env.test.ts checks that the two agree). Fails loudly
// naming the variable. Holds API keys: import it only from server code (pages, actions, workers, CLI),
// never from a client component. Variables that only frameworks and launchers read (NODE_ENV, NEXT_RUNTIME, CI,
// npm_lifecycle_event) are theirs, not ours.
import { z } from "zod";

const optionalSecret = z.string().trim().min(1).optional();
const optionalText = z.string().trim().min(1).optional();
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const positiveNumber = z.coerce.number().positive().optional();
const positiveInt = z.coerce.number().int().positive().optional();
/** A switch: `1`/`true` on, `0`/`false` off (anything else is a typo worth failing on). */
const flag = z
  .enum(["1", "true", "0", "false"], { error: "must be 1, true, 0 or false" })
  .transform((value) => value === "1" || value === "true")
  .optional();

/** The OTLP protocols Studio's exporter speaks (gRPC is the third in the spec; Studio does not send it). */
export const OTLP_PROTOCOLS = ["http/protobuf", "http/json"] as const;
const otlpProtocol = z.enum(OTLP_PROTOCOLS, { error: "must be http/protobuf or http/json (grpc is not supported)" }).optional();

export const envSchema = z.looseObject({
  /** PostgreSQL URL. Optional: the engine-only CLI commands (score, fetch) work without a database. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" })
    .optional(),
  /** Folder with the official WorkBench files (v1/, v2026/); resolved by lib/workbench/datasets resolveDataDir. */
  WORKBENCH_DATA_DIR: optionalText,
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: optionalText,
  OPENAI_API_KEY: optionalSecret,
  ANTHROPIC_API_KEY: optionalSecret,
  OPENAI_COMPATIBLE_API_KEY: optionalSecret,
  /** Google's key; when set, the `gemini` endpoint (Google's OpenAI-compatible API) exists. */
  GEMINI_API_KEY: optionalSecret,
  OPENAI_BASE_URL: httpUrl.optional(),
  ANTHROPIC_BASE_URL: httpUrl.optional(),
  /** The `openai-compatible` endpoint exists only when this is set. */
  OPENAI_COMPATIBLE_BASE_URL: httpUrl.optional(),
  /** Named endpoints (default config/endpoints.json). */
  WORKBENCH_ENDPOINTS_FILE: optionalText,
  /** Price table (default config/prices.json). */
  WORKBENCH_PRICES_FILE: optionalText,
  // Sign-in (lib/auth/config reads these).
  STUDIO_ADMIN_PASSWORD: optionalSecret,
  STUDIO_ADMIN_EMAIL: optionalText,
  /** A JSON array of OpenID Connect providers; its shape is checked by lib/auth/config oidcProviders. */
  STUDIO_OIDC_PROVIDERS: optionalText,
  STUDIO_PRIVATE: flag,
  BETTER_AUTH_SECRET: optionalSecret,
  BETTER_AUTH_URL: httpUrl.optional(),
  /** Reverse proxies whose X-Forwarded-For is believed; its entries are checked by lib/auth/config trustedProxies. */
  STUDIO_TRUSTED_PROXIES: optionalText,
  // Spending limits (lib/runs/budget).
  STUDIO_MAX_TASKS_PER_LAUNCH: positiveInt,
  STUDIO_LAUNCHES_PER_MINUTE: positiveInt,
  STUDIO_RUN_BUDGET_USD: positiveNumber,
  STUDIO_RUN_BUDGET_TOKENS: positiveInt,
  // The embedded database and the processes (scripts/db, scripts/start, scripts/worker).
  WORKBENCH_PG_DATA_DIR: optionalText,
  WORKBENCH_DB_DEBUG: flag,
  /** `0` disables the task worker inside the web server. */
  WORKBENCH_INPROCESS_WORKER: flag,
  /** Task slots of a worker (the in-process one and `npm run worker`). */
  WORKBENCH_WORKER_CONCURRENCY: positiveInt,
  WORKBENCH_HEARTBEAT_MS: positiveInt,
  WORKBENCH_WORKER_STALE_MS: positiveInt,
  WORKBENCH_STALE_GRACE_MS: positiveInt,
  WORKBENCH_IDLE_POLL_MS: positiveInt,
  /** Set by `npm start` on a web server it restarted: the crashed server's pid, whose tasks are taken back at once. */
  WORKBENCH_PREVIOUS_SERVER_PID: positiveInt,
  /** Next.js build folder (next.config.ts). */
  NEXT_DIST_DIR: optionalText,
  /** `1`: `npm start` does not download the official files on an empty database. */
  WORKBENCH_OFFLINE: flag,
  /** Where `npm start`'s first-open download fetches from (tests point it at a local server). */
  WORKBENCH_FETCH_BASE_URL: httpUrl.optional(),
  /** Recorded on every run as the code's revision; default the git HEAD. */
  APP_REVISION: optionalText,
  // The CLI.
  /** `1` prints a failed command's stack. */
  WORKBENCH_DEBUG: flag,
  /** How often `run` prints a progress line when its output is not a terminal. */
  WORKBENCH_PROGRESS_MS: positiveInt,
  /** `workbench mcp`: the session token when `--token` is not given. */
  WORKBENCH_SESSION_TOKEN: optionalSecret,
  /** External runs in push mode: the agent endpoint Studio posts each task to (never set from the form). */
  WORKBENCH_AGENT_URL: httpUrl.optional(),
  /** Sent to WORKBENCH_AGENT_URL as `Authorization: Bearer …` when set. */
  WORKBENCH_AGENT_TOKEN: optionalSecret,
  /** Base URL external agents reach Studio at (MCP and task URLs), when not the request's own origin. */
  WORKBENCH_PUBLIC_URL: httpUrl.optional(),
  // OpenTelemetry GenAI traces of every task (lib/interop/otel); the standard OTLP variables.
  /** OTLP/HTTP collector base URL (spans go to `<url>/v1/traces`); unset (and no traces endpoint): no traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  /** The traces URL itself, used as given; over OTEL_EXPORTER_OTLP_ENDPOINT. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  /** `http/protobuf` (default) or `http/json`; the TRACES_ variable over the general one. */
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
  /** `key=value,key2=value2` (values percent-encoded) sent with every export, e.g. a collector's API key. */
  OTEL_EXPORTER_OTLP_HEADERS: optionalSecret,
  /** Headers for traces only; a key here wins over the same key in OTEL_EXPORTER_OTLP_HEADERS. */
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: optionalSecret,
  /** The `service.name` of the spans (default workbench-studio). */
  OTEL_SERVICE_NAME: optionalText,
  /** `1`/`true`: spans carry tool arguments and results and model texts (off: names, ids and counts only). */
  OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: flag,
});

/**
 * The parsed environment. Loose: a variable not declared here passes through unvalidated, because an
 * endpoints file may name its own key variable (`keyEnv`); read those with {@link secretNamed}.
 */
export type Env = z.infer<typeof envSchema>;

/** Part of the parsed environment: what a function reads, so a test can pass only that. */
export type EnvPart = Partial<Env>;

/** The variables the schema declares (docs/configuration.md's variables table lists exactly these). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Parses an environment (exported for tests); the message names every invalid variable. */
export function parseEnv(source: Readonly<Record<string, string | undefined>>): Env {
  // Empty strings (e.g. `FOO=` in a shell) mean "unset", as in most tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment variable(s): ${problems.join("; ")}`);
}

let cached: { readonly key: string; readonly env: Env } | undefined;

/**
 * The process environment, parsed. Parsed again only when a declared variable changed: launchers set
 * DATABASE_URL after start-up, and tests switch limits and sign-in on and off.
 */
export function env(): Env {
  const key = ENV_VARIABLES.map((name) => process.env[name] ?? "").join("\0");
  if (cached?.key !== key) cached = { key, env: parseEnv(process.env) };
  return cached.env;
}

/** A secret whose variable the configuration names (an endpoint's `keyEnv`), or undefined when unset. */
export function secretNamed(name: string, source: EnvPart = env()): string | undefined {
  const value = source[name];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** DATABASE_URL, or a message saying how to get one. */
export function requireDatabaseUrl(purpose = "this command needs the database"): string {
  const url = env().DATABASE_URL;
  if (!url) throw new Error(`DATABASE_URL is not set: ${purpose} (run through \`npm start\`, or \`tsx scripts/with-db.ts -- <command>\`)`);
  return url;
}
