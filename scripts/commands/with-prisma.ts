// The shape of a database command's body: the app's PrismaClient, one printed line for a failure
// (errors name the file, run or value at fault), exit code 1, and the pool closed either way.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { errorMessage } from "@/lib/errors";

export async function withPrisma(work: (prisma: PrismaClient) => Promise<number>): Promise<number> {
  const { prisma } = await import("@/lib/db");
  try {
    return await work(prisma);
  } catch (error) {
    console.error(errorMessage(error));
    return 1;
  } finally {
    await prisma.$disconnect();
  }
}
