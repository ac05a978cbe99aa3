// Named model endpoints: server configuration, never user input. Each endpoint fixes a provider kind, a
// base URL and the environment variable holding its key, so a key can only ever reach the URL it was
// configured for. A user-typed base URL is accepted only by endpoints configured as keyless (a local
// Ollama, the test mock), only over http/https, and such a request never carries a key. A mock endpoint
// with no URL is served in the process itself (IN_PROCESS_MOCK_URL): it is keyless, always.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env as currentEnv, secretNamed, type EnvPart as Environment } from "@/lib/env";
import { CodedError } from "@/lib/errors";
import { hasUrlCredentials, redactUrlCredentials, redactUrlCredentialsOrNull } from "@/lib/workbench/core/url-credentials";

// The kinds are the model APIs the engine's agents speak (lib/workbench/agents/model-capabilities.ts).
import { PROVIDER_KINDS, type ProviderKind } from "@/lib/workbench/agents/model-capabilities";
export { PROVIDER_KINDS, type ProviderKind };

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });

const EndpointSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, "lower-case letters, digits, . _ - (max 40)"),
    kind: z.enum(PROVIDER_KINDS),
    /** Where requests go. Optional only for endpoints that take a user-typed base URL. */
    baseUrl: httpUrl.optional(),
    /** Name of the environment variable holding the key; absent = keyless. */
    keyEnv: z.string().regex(/^[A-Z][A-Z0-9_]*$/, "an environment variable name").optional(),
    /** When set, only these model ids may be launched on this endpoint. */
    models: z.array(z.string().min(1)).optional(),
    /** Keyless endpoints only: the launch form may name the server (e.g. a local Ollama on another port). */
    allowUserBaseUrl: z.boolean().default(false),
    /** A test endpoint: its runs are labelled "test" and kept off the rankings (the mock always is). */
    test: z.boolean().optional(),
  })
  .superRefine((endpoint, ctx) => {
    if (endpoint.allowUserBaseUrl && endpoint.keyEnv) {
      ctx.addIssue({ code: "custom", path: ["allowUserBaseUrl"], message: "only keyless endpoints may take a user-typed base URL" });
    }
    // The OpenAI and Anthropic SDKs read their default key variable when given none: keep them keyed.
    if (!endpoint.keyEnv && (endpoint.kind === "openai" || endpoint.kind === "anthropic")) {
      ctx.addIssue({ code: "custom", path: ["keyEnv"], message: `a ${endpoint.kind} endpoint needs keyEnv` });
    }
    if (endpoint.kind === "mock" && endpoint.keyEnv) {
      ctx.addIssue({ code: "custom", path: ["keyEnv"], message: "a mock endpoint is keyless: no real key ever goes to the scripted model" });
    }
    if (!endpoint.baseUrl && !endpoint.allowUserBaseUrl && endpoint.kind !== "mock") {
      ctx.addIssue({ code: "custom", path: ["baseUrl"], message: "needs a baseUrl (or allowUserBaseUrl on a keyless endpoint)" });
    }
  });

export type Endpoint = z.infer<typeof EndpointSchema>;

/** `{ "name": "custom", "disabled": true }` removes a default (e.g. no user-typed URLs at all). */
const DisabledEndpointSchema = z.object({ name: z.string(), disabled: z.literal(true) });
const EndpointsFileSchema = z.object({ endpoints: z.array(z.union([DisabledEndpointSchema, EndpointSchema])) });

/** The endpoints every installation has, derived from today's environment variables. */
export function defaultEndpoints(env: Environment): Endpoint[] {
  const endpoints: Endpoint[] = [
    { name: "openai", kind: "openai", baseUrl: env.OPENAI_BASE_URL || "https://api.openai.com/v1", keyEnv: "OPENAI_API_KEY", allowUserBaseUrl: false },
    // Anthropic's convention: ANTHROPIC_BASE_URL is the root (its SDKs add /v1/messages); "/v1" is tolerated.
    { name: "anthropic", kind: "anthropic", baseUrl: env.ANTHROPIC_BASE_URL || "https://api.anthropic.com", keyEnv: "ANTHROPIC_API_KEY", allowUserBaseUrl: false },
  ];
  if (env.OPENAI_COMPATIBLE_BASE_URL) {
    endpoints.push({ name: "openai-compatible", kind: "openai-compatible", baseUrl: env.OPENAI_COMPATIBLE_BASE_URL, keyEnv: "OPENAI_COMPATIBLE_API_KEY", allowUserBaseUrl: false });
  }
  // The 2026 harness's own routes (upstream agent.py _PROVIDER_BASE_URLS): Claude through Anthropic's
  // OpenAI-compatible endpoint and Gemini through Google's, each with its vendor's key only.
  if (env.ANTHROPIC_API_KEY) {
    endpoints.push({ name: "anthropic-openai", kind: "openai-compatible", baseUrl: "https://api.anthropic.com/v1", keyEnv: "ANTHROPIC_API_KEY", allowUserBaseUrl: false });
  }
  if (env.GEMINI_API_KEY) {
    endpoints.push({ name: "gemini", kind: "openai-compatible", baseUrl: "https://generativelanguage.googleapis.com/v1beta/openai", keyEnv: "GEMINI_API_KEY", allowUserBaseUrl: false });
  }
  // Keyless: a local Ollama / vLLM / LM Studio, and the scripted mock: served in-process when no URL is
  // typed, or a mock server's URL (scripts/mock-provider.ts; tests start them on random ports).
  endpoints.push({ name: "custom", kind: "openai-compatible", baseUrl: "http://127.0.0.1:11434/v1", allowUserBaseUrl: true });
  endpoints.push({ name: "mock", kind: "mock", allowUserBaseUrl: true });
  return endpoints;
}

export function endpointsFile(env: Environment = currentEnv()): string {
  return env.WORKBENCH_ENDPOINTS_FILE || path.join(process.cwd(), "config", "endpoints.json");
}

/**
 * The configured endpoints: the defaults, with entries of the endpoints file (when present) added,
 * replacing a default of the same name, or removing it (`"disabled": true`). A malformed file fails loudly, naming the file and the field.
 */
export function loadEndpoints(env: Environment = currentEnv()): ReadonlyMap<string, Endpoint> {
  const byName = new Map(defaultEndpoints(env).map((endpoint) => [endpoint.name, EndpointSchema.parse(endpoint)]));
  const file = endpointsFile(env);
  if (existsSync(/*turbopackIgnore: true*/ file)) {
    const parsed = EndpointsFileSchema.safeParse(JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid endpoints file ${file}: ${problems.join("; ")}`);
    }
    for (const endpoint of parsed.data.endpoints) {
      if ("disabled" in endpoint) byName.delete(endpoint.name);
      else byName.set(endpoint.name, endpoint);
    }
  }
  return byName;
}

/**
 * The base URL of the scripted model served inside the process (lib/mock-provider/in-process.ts): a
 * scheme no network client speaks, so a request meant for it can never reach a server by mistake.
 */
export const IN_PROCESS_MOCK_URL = "in-process://mock/v1";

/** A mock endpoint without a configured URL: Studio answers it itself, no server to start. */
export function servesInProcess(endpoint: Pick<Endpoint, "kind" | "baseUrl">): boolean {
  return endpoint.kind === "mock" && !endpoint.baseUrl;
}

/** Where one run's model calls go, and with which key. Built on the server at call time only. */
export interface ModelTarget {
  readonly endpoint: string;
  readonly kind: ProviderKind;
  readonly baseUrl: string;
  /** Present only for keyed endpoints, and then `baseUrl` is the configured one. */
  readonly apiKey?: string;
  readonly keyEnv?: string;
}

/** A choice of endpoint the server refuses; `field` is the launch form's field to show it beside. */
export class EndpointError extends CodedError<"endpoint_refused"> {
  constructor(
    readonly field: "endpoint" | "baseUrl" | "model",
    message: string,
  ) {
    super("endpoint_refused", message);
    this.name = "EndpointError";
  }
}

/** What the caller asked for: an endpoint name, a model, maybe a base URL typed by the user. */
export interface EndpointRequest {
  readonly endpoint: string;
  readonly model: string;
  readonly baseUrl?: string | null;
}

/**
 * THE check between a request and a key: validates the choice against the configuration and returns
 * the target. Used when launching (to answer with a field error) and again when a worker builds the
 * model (the configuration may have changed since). A key is attached only with the configured URL.
 */
export function resolveModelTarget(request: EndpointRequest, endpoints: ReadonlyMap<string, Endpoint>, env: Environment = currentEnv()): ModelTarget {
  const endpoint = endpoints.get(request.endpoint);
  if (!endpoint) {
    throw new EndpointError("endpoint", `Unknown endpoint "${request.endpoint}" (configured: ${[...endpoints.keys()].join(", ")})`);
  }
  if (endpoint.models && !endpoint.models.includes(request.model)) {
    throw new EndpointError("model", `Endpoint ${endpoint.name} allows only: ${endpoint.models.join(", ")}`);
  }
  const typed = request.baseUrl?.trim() || undefined;
  if (typed !== undefined) {
    if (!endpoint.allowUserBaseUrl || endpoint.keyEnv) {
      throw new EndpointError("baseUrl", `Endpoint ${endpoint.name} sends requests only to its configured URL; leave the base URL empty`);
    }
    if (!httpUrl.safeParse(typed).success) throw new EndpointError("baseUrl", "The base URL must be an http:// or https:// URL");
    if (hasUrlCredentials(typed)) throw new EndpointError("baseUrl", CREDENTIALS_IN_TYPED_URL);
    return { endpoint: endpoint.name, kind: endpoint.kind, baseUrl: stripSlash(typed) };
  }
  if (servesInProcess(endpoint)) return { endpoint: endpoint.name, kind: endpoint.kind, baseUrl: IN_PROCESS_MOCK_URL };
  if (!endpoint.baseUrl) throw new EndpointError("baseUrl", `Endpoint ${endpoint.name} needs a base URL`);
  if (hasUrlCredentials(endpoint.baseUrl)) throw new EndpointError("endpoint", credentialsInConfiguredUrl(endpoint));
  const baseUrl = apiBaseUrl(endpoint.kind, endpoint.baseUrl);
  if (!endpoint.keyEnv) return { endpoint: endpoint.name, kind: endpoint.kind, baseUrl };
  return { endpoint: endpoint.name, kind: endpoint.kind, baseUrl, apiKey: secretNamed(endpoint.keyEnv, env), keyEnv: endpoint.keyEnv };
}

/**
 * A user name or password in a base URL is refused, never sent nor stored: fetch refuses such URLs
 * and quotes them whole in its error, and the URL itself is shown with the run. A key belongs in the
 * endpoint's key variable, which goes in a header.
 */
const CREDENTIALS_IN_TYPED_URL = "The base URL must not contain a user name or password (user:password@); leave them out";

function credentialsInConfiguredUrl(endpoint: Endpoint): string {
  const key = endpoint.keyEnv ? ` and put the key in ${endpoint.keyEnv}` : "";
  return `Endpoint ${endpoint.name}'s configured base URL (${redactUrlCredentials(endpoint.baseUrl ?? "")}) contains a user name or password, which Studio does not send: remove them from the URL${key}`;
}

/** Whether runs on this target are test runs: the mock's, and those of endpoints the file marks `test: true`. */
export function isTestTarget(target: Pick<ModelTarget, "endpoint" | "kind">, endpoints: ReadonlyMap<string, Endpoint> = loadEndpoints()): boolean {
  return target.kind === "mock" || endpoints.get(target.endpoint)?.test === true;
}

/** What the launch form may know about an endpoint: never the key, only whether one is set. */
export interface EndpointSummary {
  readonly name: string;
  readonly kind: ProviderKind;
  readonly baseUrl: string | null;
  readonly keyed: boolean;
  readonly hasKey: boolean;
  readonly allowUserBaseUrl: boolean;
  /** Answered by Studio itself (the scripted model) when no base URL is typed. */
  readonly inProcess: boolean;
  readonly models: readonly string[] | null;
}

export function summarizeEndpoints(endpoints: ReadonlyMap<string, Endpoint>, env: Environment = currentEnv()): EndpointSummary[] {
  return [...endpoints.values()].map((endpoint) => ({
    name: endpoint.name,
    kind: endpoint.kind,
    baseUrl: redactUrlCredentialsOrNull(endpoint.baseUrl ?? null),
    keyed: Boolean(endpoint.keyEnv),
    hasKey: Boolean(endpoint.keyEnv && secretNamed(endpoint.keyEnv, env)),
    allowUserBaseUrl: endpoint.allowUserBaseUrl,
    inProcess: servesInProcess(endpoint),
    models: endpoint.models ?? null,
  }));
}

/**
 * The URL the provider client is given, from a configured base URL in its vendor's own convention.
 * Anthropic's is the root (`https://api.anthropic.com`; its SDKs append `/v1/messages`), and a URL
 * ending in `/v1` is taken as well. OpenAI's and OpenAI-compatible servers' include the version
 * (`https://api.openai.com/v1`; the client appends `/chat/completions`), so they are used as given.
 */
export function apiBaseUrl(kind: ProviderKind, configured: string): string {
  const url = stripSlash(configured);
  if (kind !== "anthropic") return url;
  return /\/v1$/.test(url) ? url : `${url}/v1`;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
