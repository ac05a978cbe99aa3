-- A tool step records the fault a run's schedule injected into its call (kind and ordinal;
-- lib/workbench/tools/faults.ts). Null on every clean call, so existing rows need nothing.

-- AlterTable
ALTER TABLE "Step" ADD COLUMN "fault" JSONB;
