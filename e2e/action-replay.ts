// Capturing a server action request the browser sends, and replaying it (changed, or from a context
// without a session) the way an attacker with curl would: same URL, Next-Action id and body.
import type { APIRequestContext, APIResponse, Page, Request } from "@playwright/test";

export interface CapturedAction {
  readonly url: string;
  readonly actionId: string;
  readonly routerState: string | undefined;
  readonly contentType: string;
  readonly body: Buffer;
}

/** Runs `trigger` and returns the first server action request it makes. */
export async function captureAction(page: Page, trigger: () => Promise<void>): Promise<CapturedAction> {
  const seen = page.waitForRequest((request: Request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
  await trigger();
  const request = await seen;
  const headers = request.headers();
  return {
    url: request.url(),
    actionId: headers["next-action"] as string,
    routerState: headers["next-router-state-tree"],
    contentType: headers["content-type"] ?? "text/plain;charset=UTF-8",
    body: request.postDataBuffer() ?? Buffer.alloc(0),
  };
}

/** Headers of a replay. curl can send any Origin, so replays send the site's own (proxy.ts refuses others). */
function actionHeaders(action: CapturedAction): Record<string, string> {
  return {
    origin: new URL(action.url).origin,
    "next-action": action.actionId,
    accept: "text/x-component",
    ...(action.routerState ? { "next-router-state-tree": action.routerState } : {}),
  };
}

/** Sends the captured request again, byte for byte; `origin` replaces its Origin (null: none at all). */
export function replayAction(request: APIRequestContext, action: CapturedAction, options: { origin?: string | null } = {}): Promise<APIResponse> {
  const headers: Record<string, string> = { ...actionHeaders(action), "content-type": action.contentType };
  if (options.origin === null) delete headers.origin;
  else if (options.origin !== undefined) headers.origin = options.origin;
  return request.post(action.url, { headers, data: action.body, maxRedirects: 0 });
}

/** The multipart fields of a captured form action (React prefixes each field name with an id, e.g. "1_agent"). */
export async function formFields(action: CapturedAction): Promise<Map<string, string>> {
  const form = await new Response(new Uint8Array(action.body), { headers: { "content-type": action.contentType } }).formData();
  const fields = new Map<string, string>();
  for (const [key, value] of form.entries()) if (typeof value === "string") fields.set(key, value);
  return fields;
}

/** Replays a form action with fields changed (names without React's prefix: `{ baseUrl: "…" }`). */
export async function replayFormAction(
  request: APIRequestContext,
  action: CapturedAction,
  changes: Record<string, string | null>,
): Promise<APIResponse> {
  const fields = await formFields(action);
  const prefix = [...fields.keys()].find((key) => key.endsWith("_agent"))?.replace(/agent$/, "") ?? "";
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) fields.delete(`${prefix}${name}`);
    else fields.set(`${prefix}${name}`, value);
  }
  // Encoded the way a browser does (Playwright's own multipart option does not give plain fields here).
  // The root entry "0" goes last: Next decodes the body as it streams, and a form argument holds only
  // the fields received before the root.
  const form = new FormData();
  for (const [name, value] of fields) if (name !== "0") form.append(name, value);
  form.append("0", fields.get("0") ?? "");
  const encoded = new Request(action.url, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const contentType = encoded.headers.get("content-type") as string;
  return request.post(action.url, { headers: { ...actionHeaders(action), "content-type": contentType }, data: body, maxRedirects: 0 });
}
