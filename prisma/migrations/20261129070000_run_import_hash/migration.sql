-- Imported runs are recognised by the content of their files, not by their names (the trials of one run,
-- exported as trial-<n>/ folders, carry the same file names). Runs imported before keep a null hash and
-- are still recognised by their file names (lib/runs/import/import-once.ts).
ALTER TABLE "Run" ADD COLUMN "importHash" TEXT;
