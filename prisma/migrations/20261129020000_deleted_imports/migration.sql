-- Imported runs are recognised by the content of their files, not by their names (the trials of one run,
-- exported as trial-<n>/ folders, carry the same file names); runs imported before keep a null hash and
-- are still recognised by their file names (lib/runs/import/import-once.ts).
-- A deletion is final: deleting an imported run remembers its files (names and content hash) in
-- "DeletedImport", which start-time and CLI imports skip until restored (lib/runs/import/deleted-imports.ts).
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
