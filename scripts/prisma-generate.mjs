// postinstall: `prisma generate` that also works offline. Prisma 7's CLI first tries to download a
// native schema engine; pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that, and
// generate does not need the engine. (Migrations use the WASM engine: scripts/migrate.ts.)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
const result = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
