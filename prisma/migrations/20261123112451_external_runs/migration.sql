-- CreateTable
CREATE TABLE "ExternalRunAccess" (
    "runId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExternalRunAccess_pkey" PRIMARY KEY ("runId")
);

-- CreateTable
CREATE TABLE "McpSession" (
    "id" TEXT NOT NULL,
    "resultId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "closedAt" TIMESTAMP(3),
    "closeReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "McpSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ExternalRunAccess_tokenHash_key" ON "ExternalRunAccess"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "McpSession_tokenHash_key" ON "McpSession"("tokenHash");

-- CreateIndex
CREATE INDEX "McpSession_runId_closedAt_idx" ON "McpSession"("runId", "closedAt");

-- CreateIndex
CREATE INDEX "McpSession_closedAt_expiresAt_idx" ON "McpSession"("closedAt", "expiresAt");

-- AddForeignKey
ALTER TABLE "ExternalRunAccess" ADD CONSTRAINT "ExternalRunAccess_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "McpSession" ADD CONSTRAINT "McpSession_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "TaskResult"("id") ON DELETE CASCADE ON UPDATE CASCADE;
