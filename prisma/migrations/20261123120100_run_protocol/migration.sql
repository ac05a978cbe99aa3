-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "protocol" TEXT NOT NULL DEFAULT '2024',
ADD COLUMN     "scoringRevision" TEXT;

-- CreateIndex
CREATE INDEX "Run_protocol_groundTruth_scoringRevision_idx" ON "Run"("protocol", "groundTruth", "scoringRevision");

-- Runs from before protocols: v1 runs followed the 2024 protocol (one scoring revision, "2024");
-- v2026 runs were scored against the 2026 ground truth before scoring revisions existed (NULL:
-- re-score one to give it a revision).
UPDATE "Run" SET "scoringRevision" = '2024' WHERE "groundTruth" = 'v1';
UPDATE "Run" SET "protocol" = '2026' WHERE "groundTruth" = 'v2026';
