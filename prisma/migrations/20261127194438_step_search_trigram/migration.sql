-- Trigram matching for the search across traces (lib/queries/search.ts): ILIKE %term% uses these indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Step_text_trgm_idx" ON "Step" USING GIN ("text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Step_call_trgm_idx" ON "Step" USING GIN ("call" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Step_observation_trgm_idx" ON "Step" USING GIN ("observation" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Step_tool_idx" ON "Step"("tool");
