// Prisma's debug history holds the parameters of its last 100 statements (lib/prisma-debug-history.ts):
// measured here as the live heap after a forced collection, over statements carrying 4 MB each, with and
// without forgetting the history after each. The first half shows the retention is real (should a Prisma
// upgrade drop it, that half fails and the helper can go).
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { forgetPrismaDebugHistory } from "./prisma-debug-history";

const STATEMENTS = 20;
const PARAMETER_MB = 4;

let db: PrismaClient;
let gc: () => void;

beforeAll(() => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run db tests through scripts/with-db.ts");
  db = createPrismaClient(url);
  v8.setFlagsFromString("--expose-gc");
  gc = vm.runInNewContext("gc") as () => void;
});

afterAll(async () => {
  await db?.$disconnect();
});

/** Live heap growth (MB) over STATEMENTS statements of a PARAMETER_MB parameter each. */
async function growthMb(afterEach: () => void): Promise<number> {
  forgetPrismaDebugHistory();
  gc();
  const baseline = process.memoryUsage().heapUsed;
  for (let index = 0; index < STATEMENTS; index += 1) {
    const parameter = `${index}`.padEnd(PARAMETER_MB * 1024 * 1024, "x");
    await db.$transaction(async (tx) => tx.$queryRawUnsafe(`SELECT length($1::text) AS n`, parameter));
    afterEach();
  }
  gc();
  return (process.memoryUsage().heapUsed - baseline) / 1024 / 1024;
}

test("without forgetting, Prisma keeps the statements' parameters; forgetting after each keeps the heap flat", async () => {
  const kept = await growthMb(() => undefined);
  const forgotten = await growthMb(forgetPrismaDebugHistory);
  console.log(`live heap growth over ${STATEMENTS} statements of ${PARAMETER_MB} MB: ${kept.toFixed(0)} MB kept, ${forgotten.toFixed(0)} MB forgotten`);
  expect(kept).toBeGreaterThan(STATEMENTS * PARAMETER_MB * 0.75);
  expect(forgotten).toBeLessThan(3 * PARAMETER_MB);
});
