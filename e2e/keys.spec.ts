// Keys cannot leave: the server runs with every provider key set to a canary (scripts/test.ts). A
// listener stands in for an attacker's server; every endpoint is tried with the listener as base URL,
// through the form (with the disabled field re-enabled, as an attacker would) and by replaying the
// launch action with changed fields. The listener must never see the canary. The keyless endpoints
// do reach it (without a key), which shows the listener and the replays really work.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { captureAction, replayFormAction, type CapturedAction } from "./action-replay";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";

const KEYED = ["openai", "anthropic", "openai-compatible"];
const KEYLESS = ["custom", "mock"];

let listener: Server;
let listenerUrl: string;
const received: { path: string; headers: string; body: string }[] = [];

test.beforeAll(async () => {
  listener = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: JSON.stringify(request.headers), body });
      response.writeHead(400, { "content-type": "application/json" }).end('{"error":{"message":"listener"}}');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

function canary(): string {
  const value = process.env.WORKBENCH_SECRET_CANARY;
  expect(value, "run through `npm test`, which sets WORKBENCH_SECRET_CANARY and the provider keys").toBeTruthy();
  return value as string;
}

async function fillModelRun(launch: LaunchPage, endpoint: string, baseUrl: string) {
  await launch.goto();
  await launch.chooseAgent("tools");
  await launch.choose("endpoint", endpoint);
  await launch.fill("model", "gpt-4o-mini");
  await launch.fill("limit", "1");
  await launch.forceFill("baseUrl", baseUrl);
}

const reached = (tag: string) => received.filter((request) => request.path.startsWith(`/${tag}/`)).length;

test("no endpoint sends a key to a foreign base URL, through the form or a replayed action", async ({ page }) => {
  test.setTimeout(180_000);
  const secret = canary();
  const launch = new LaunchPage(page);

  // The form shows which endpoints have a key (never the key).
  await launch.goto();
  for (const name of KEYED) await expect(launch.endpointOption(name)).toContainText("key configured");
  for (const name of KEYLESS) await expect(launch.endpointOption(name)).toContainText("keyless");
  expect(await page.content()).not.toContain(secret);

  // Through the form: keyed endpoints refuse the URL beside the field; nothing is launched.
  for (const endpoint of KEYED) {
    await fillModelRun(launch, endpoint, `${listenerUrl}/form-${endpoint}/v1`);
    await launch.submit();
    await expect(launch.fieldError("baseUrl")).toContainText("only to its configured URL");
    await expect(page).toHaveURL(/\/runs\/new$/);
  }

  // Keyless endpoints accept it: the run starts and its requests reach the listener, keyless.
  let captured: CapturedAction | undefined;
  for (const endpoint of KEYLESS) {
    await fillModelRun(launch, endpoint, `${listenerUrl}/form-${endpoint}/v1`);
    captured = await captureAction(page, () => launch.submit());
    await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
  }

  // Replaying the captured launch with every endpoint, under both field names, signed in.
  for (const endpoint of [...KEYED, ...KEYLESS]) {
    for (const field of ["endpoint", "provider"]) {
      const response = await replayFormAction(page.request, captured as CapturedAction, {
        endpoint: null,
        provider: null,
        [field]: endpoint,
        baseUrl: `${listenerUrl}/replay-${field}-${endpoint}/v1`,
      });
      expect(response.status(), `${field}=${endpoint}`).toBeLessThan(500);
      if (KEYED.includes(endpoint)) expect(await response.text()).toContain("only to its configured URL");
    }
  }

  // Every keyless launch reached the listener; then give any stray request time to arrive.
  for (const tag of [...KEYLESS.map((endpoint) => `form-${endpoint}`), ...KEYLESS.flatMap((endpoint) => [`replay-endpoint-${endpoint}`, `replay-provider-${endpoint}`])]) {
    await expect.poll(() => reached(tag), { timeout: 60_000, message: `requests from ${tag}` }).toBeGreaterThan(0);
  }
  await page.waitForTimeout(3_000);
  for (const endpoint of KEYED) expect(reached(`form-${endpoint}`) + reached(`replay-endpoint-${endpoint}`) + reached(`replay-provider-${endpoint}`)).toBe(0);
  const everything = received.map((request) => `${request.headers}\n${request.body}`).join("\n");
  expect(everything).not.toContain(secret);
  expect(everything.toLowerCase()).not.toMatch(/authorization|x-api-key/);
});
