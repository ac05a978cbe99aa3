-- AlterTable
ALTER TABLE "GroundTruthVersion" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "supersededAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "versionId" TEXT;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "GroundTruthVersion"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- Existing runs point at the version their tasks belong to (or, with no result yet, the one of their name).
UPDATE "Run" r SET "versionId" = (
  SELECT t."versionId" FROM "TaskResult" tr JOIN "Task" t ON t.id = tr."taskId" WHERE tr."runId" = r.id LIMIT 1
);
UPDATE "Run" r SET "versionId" = v.id FROM "GroundTruthVersion" v
 WHERE r."versionId" IS NULL AND v."datasetId" = r."datasetId" AND v.name = r."groundTruth";
