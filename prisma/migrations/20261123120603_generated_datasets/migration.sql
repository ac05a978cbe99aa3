-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'official',
ADD COLUMN     "params" JSONB,
ADD COLUMN     "seed" INTEGER;
