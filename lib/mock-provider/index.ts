export { startMockProvider, type MockProvider, type MockProviderOptions } from "./server";
export { type MockStats } from "./handler";
export { createInProcessMock, type InProcessMock } from "./in-process";
export { MOCK_BEHAVIOURS, MOCK_BEHAVIOUR_SUMMARIES, type MockBehaviour, type FaultKind } from "./types";
