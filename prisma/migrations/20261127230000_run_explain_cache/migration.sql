-- What the run page and a configuration page explain of a finished run, kept on the run so a page reads
-- one small JSON per run instead of every result's calls and diagnostics (lib/queries/primary-causes.ts).
ALTER TABLE "Run" ADD COLUMN "explainCache" JSONB;
