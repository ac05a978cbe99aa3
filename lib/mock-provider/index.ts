export { startMockProvider, type MockProvider, type MockProviderOptions, type MockStats } from "./server";
export { MOCK_BEHAVIOURS, type MockBehaviour, type FaultKind } from "./types";
