-- AlterTable
ALTER TABLE "GroundTruthVersion" ADD COLUMN     "sandboxColumns" JSONB NOT NULL DEFAULT '{}';
