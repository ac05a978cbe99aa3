-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "costEstimate" JSONB,
ADD COLUMN     "estimatedCostUsd" DOUBLE PRECISION,
ADD COLUMN     "estimatedInputTokens" INTEGER,
ADD COLUMN     "estimatedOutputTokens" INTEGER;
