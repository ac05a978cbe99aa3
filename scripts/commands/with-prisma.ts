// The shape of a database command's body: the app's PrismaClient, one printed line for a failure in
// words (errors name the file, run or value at fault; database and validation internals are put in
// plain words, their raw text only with --verbose), exit code 1, and the pool closed either way.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { plainError } from "@/lib/plain-error";
import { verboseDetail } from "./verbose";

export async function withPrisma(work: (prisma: PrismaClient) => Promise<number>): Promise<number> {
  const { prisma } = await import("@/lib/db");
  try {
    return await work(prisma);
  } catch (error) {
    console.error(plainError(error));
    const detail = verboseDetail(error);
    if (detail) console.error(detail);
    return 1;
  } finally {
    await prisma.$disconnect();
  }
}
