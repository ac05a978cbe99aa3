// Liveness: who owns a running task, and how a task comes back when its owner is gone. The state
// description is in docs/architecture.md ("Liveness: who owns a task"). Everything outside this folder
// uses this index (scripts/start.ts imports stopped-process.ts alone: its supervisor loads no zod).
export { beat, unregister, type WorkerIdentity } from "./heartbeat";
export { releaseOverdueResults } from "./overdue";
export { recoverResults, type RecoveryOptions } from "./recovery";
export { endConnectionsOfProcess, releaseDeadWorkers, releaseWorkersOfProcess, takeBackProcess, type ReleasedResult } from "./take-back";
export { handBackStoppedProcess } from "./stopped-process";
export { startLiveness, type Liveness, type LivenessOptions } from "./worker-liveness";
