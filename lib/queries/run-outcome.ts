// How many of a run's tasks failed at the provider: what its status badge needs (lib/runs/run-outcome.ts).
import "server-only";
import { cache } from "react";
import { prisma } from "@/lib/db";
import { PROVIDER_FAILURE_KINDS } from "@/lib/runs/run-outcome";

/** The where-clause of a run's done results that failed at the provider (also used as a relation count). */
export const providerFailureWhere = { status: "done" as const, errorKind: { in: [...PROVIDER_FAILURE_KINDS] } };

/** Per-request memo: the header and the panels of the run page ask for the same count. */
export const getProviderFailureCount = cache(async ({ runId }: { runId: string }): Promise<number> =>
  prisma.taskResult.count({ where: { runId, ...providerFailureWhere } }),
);
