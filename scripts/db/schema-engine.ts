// Prisma's official WASM schema engine (@prisma/schema-engine-wasm) driven over @prisma/adapter-pg:
// migrations without the native engine binary that the Prisma CLI downloads (impossible offline).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import * as wasmBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { InternalCharAwareClient, reportInternalCharAsCharacter } from "./char-type-client";
import { poolConfigFromUrl } from "./connection";
import { runScriptsWhole } from "./whole-script";

const require = createRequire(import.meta.url);

type Disposable = { dispose: () => Promise<void> };
type BindFactory = (factory: object) => object;

/** Panic messages from the engine land here; without it a panic is an unreadable "unreachable". */
const panicRegistry = {
  message: "",
  set_message(message: string) {
    this.message = message;
  },
};

let initialised = false;
function initialiseWasm() {
  if (initialised) return;
  Object.assign(globalThis, { PRISMA_WASM_PANIC_REGISTRY: panicRegistry });
  // The package's exports map hides the .wasm file; locate it beside the JS bindings.
  const bindingsPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bytes = readFileSync(path.join(path.dirname(bindingsPath), "schema_engine_bg.wasm"));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { "./schema_engine_bg.js": wasmBindings });
  wasmBindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  initialised = true;
}

/** The binder that turns adapter exceptions into the Result values the engine reads. */
function loadBinder(): BindFactory {
  // A dependency of @prisma/adapter-pg: resolve it from there rather than relying on hoisting.
  const fromAdapter = createRequire(require.resolve("@prisma/adapter-pg"));
  const utils = fromAdapter("@prisma/driver-adapter-utils") as { bindMigrationAwareSqlAdapterFactory: BindFactory };
  return utils.bindMigrationAwareSqlAdapterFactory;
}

/**
 * Adapter factory for the engine. The shadow database is created and dropped here, because
 * adapter-pg's own cleanup drops it before closing its pool (the DROP then fails).
 */
function createAdapterFactory(databaseUrl: string, opened: Disposable[]) {
  const config = { ...poolConfigFromUrl(databaseUrl), Client: InternalCharAwareClient, max: 4 };
  const track = <T extends Disposable>(adapter: T): T => {
    opened.push(adapter);
    return adapter;
  };
  return {
    provider: "postgres" as const,
    adapterName: "@prisma/adapter-pg",
    connect: async () => track(runScriptsWhole(reportInternalCharAsCharacter(await new PrismaPg(config).connect()))),
    connectToShadowDb: async () => {
      const shadow = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
      await adminQuery(config, `CREATE DATABASE "${shadow}"`);
      const adapter = runScriptsWhole(reportInternalCharAsCharacter(await new PrismaPg({ ...config, database: shadow }).connect()));
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await adminQuery(config, `DROP DATABASE IF EXISTS "${shadow}" WITH (FORCE)`);
      };
      return adapter;
    },
  };
}

async function adminQuery(config: pg.ClientConfig, sql: string) {
  const client = new pg.Client({ ...config, database: "postgres" });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `work` with an engine connected to `databaseUrl` and loaded with `schema`, then cleans up. */
export async function withSchemaEngine<T>(
  options: { databaseUrl: string; schemaPath: string; verbose?: boolean },
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  initialiseWasm();
  const opened: Disposable[] = [];
  const bound = loadBinder()(createAdapterFactory(options.databaseUrl, opened));
  const schema = readFileSync(options.schemaPath, "utf8");
  const onLog = (line: string) => {
    if (options.verbose) process.stderr.write(`[schema-engine] ${line}\n`);
  };
  let engine: SchemaEngine | undefined;
  try {
    engine = await wasmBindings.SchemaEngine.new({ datamodels: [[options.schemaPath, schema]] }, onLog, bound);
    return await work(engine);
  } catch (error) {
    throw withPanicMessage(error);
  } finally {
    engine?.free();
    await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
  }
}

function withPanicMessage(error: unknown): unknown {
  if (error instanceof WebAssembly.RuntimeError && panicRegistry.message) {
    return new Error(`schema engine panicked: ${panicRegistry.message}`, { cause: error });
  }
  return error;
}
