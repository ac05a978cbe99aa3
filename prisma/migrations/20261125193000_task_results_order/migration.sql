-- The task page (results of one task across runs) reads its totals from ConfigTaskTally summed over the
-- task's configurations, and its page of rows newest first straight from an index: neither counts nor
-- sorts every result of the task.

-- CreateIndex
CREATE INDEX "ConfigTaskTally_taskId_idx" ON "ConfigTaskTally"("taskId");

-- CreateIndex
CREATE INDEX "TaskResult_taskId_status_finishedAt_id_idx" ON "TaskResult"("taskId", "status", "finishedAt" DESC, "id");
