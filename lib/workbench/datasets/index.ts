export * from "./types";
export { loadDataset, loadTasks, taskColumns, taskFile, taskKey } from "./load-dataset";
export { loadSandboxData, SANDBOX_FILES, type SandboxFileTable } from "./load-sandbox";
export { resolveDataDir, resolveDataRoot, v1Paths, v2026Paths } from "./data-dir";
export { DatasetError, type DatasetErrorCode } from "./errors";
