export * from "./types";
export { loadDataset, loadTasks, taskKey } from "./load-dataset";
export { loadSandboxData } from "./load-sandbox";
export { resolveDataDir, resolveDataRoot } from "./data-dir";
export { DatasetError, type DatasetErrorCode } from "./errors";
