-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'cancelling', 'cancelled', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "ResultStatus" AS ENUM ('pending', 'running', 'done');

-- CreateTable
CREATE TABLE "Dataset" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "license" TEXT,
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroundTruthVersion" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "taskCount" INTEGER NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GroundTruthVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxRow" (
    "id" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "table" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "SandboxRow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "groundTruth" TEXT[],
    "actionCount" INTEGER NOT NULL,
    "baseTemplate" TEXT NOT NULL,
    "chosenTemplate" TEXT NOT NULL,
    "toolkits" TEXT[],

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "groundTruth" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "agent" TEXT NOT NULL,
    "provider" TEXT,
    "model" TEXT,
    "baseUrl" TEXT,
    "toolSet" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "promptHash" TEXT,
    "appRevision" TEXT,
    "importFile" TEXT,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "trials" INTEGER NOT NULL DEFAULT 1,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "tasksTotal" INTEGER NOT NULL DEFAULT 0,
    "tasksDone" INTEGER NOT NULL DEFAULT 0,
    "correctCount" INTEGER NOT NULL DEFAULT 0,
    "sideEffectCount" INTEGER NOT NULL DEFAULT 0,
    "exactMatchCount" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskResult" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "trial" INTEGER NOT NULL DEFAULT 0,
    "status" "ResultStatus" NOT NULL DEFAULT 'pending',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "calls" TEXT[],
    "correct" BOOLEAN,
    "sideEffects" BOOLEAN,
    "exactMatch" BOOLEAN,
    "error" TEXT,
    "errorKind" TEXT,
    "diagnostics" JSONB,
    "diff" JSONB,
    "failedCalls" JSONB,
    "finalAnswer" TEXT,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "latencyMs" INTEGER,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "TaskResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Step" (
    "id" TEXT NOT NULL,
    "resultId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "tool" TEXT,
    "args" JSONB,
    "call" TEXT,
    "observation" TEXT,
    "ok" BOOLEAN,
    "diff" JSONB,
    "text" TEXT,
    "errorKind" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "latencyMs" INTEGER,
    "finishReason" TEXT,
    "retries" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Step_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_slug_key" ON "Dataset"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "GroundTruthVersion_datasetId_name_key" ON "GroundTruthVersion"("datasetId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxRow_versionId_table_position_key" ON "SandboxRow"("versionId", "table", "position");

-- CreateIndex
CREATE INDEX "Task_versionId_domain_idx" ON "Task"("versionId", "domain");

-- CreateIndex
CREATE UNIQUE INDEX "Task_versionId_key_key" ON "Task"("versionId", "key");

-- CreateIndex
CREATE INDEX "Run_datasetId_groundTruth_idx" ON "Run"("datasetId", "groundTruth");

-- CreateIndex
CREATE INDEX "TaskResult_runId_status_idx" ON "TaskResult"("runId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "TaskResult_runId_taskId_trial_key" ON "TaskResult"("runId", "taskId", "trial");

-- CreateIndex
CREATE UNIQUE INDEX "Step_resultId_index_key" ON "Step"("resultId", "index");

-- AddForeignKey
ALTER TABLE "GroundTruthVersion" ADD CONSTRAINT "GroundTruthVersion_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SandboxRow" ADD CONSTRAINT "SandboxRow_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "GroundTruthVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "GroundTruthVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskResult" ADD CONSTRAINT "TaskResult_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskResult" ADD CONSTRAINT "TaskResult_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Step" ADD CONSTRAINT "Step_resultId_fkey" FOREIGN KEY ("resultId") REFERENCES "TaskResult"("id") ON DELETE CASCADE ON UPDATE CASCADE;
