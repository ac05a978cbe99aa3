-- A deletion is final: an imported run keeps the content hash of its files, and deleting it remembers
-- them in "DeletedImport", which start-time and CLI imports skip until restored (lib/runs/import/deleted-imports.ts).
ALTER TABLE "Run" ADD COLUMN "importHash" TEXT;

CREATE TABLE "DeletedImport" (
    "id" TEXT NOT NULL,
    "importFile" TEXT NOT NULL,
    "contentHash" TEXT,
    "groundTruth" TEXT NOT NULL,
    "protocol" TEXT NOT NULL,
    "runName" TEXT NOT NULL,
    "deletedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeletedImport_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "DeletedImport_importFile_idx" ON "DeletedImport"("importFile");
