// Providers: endpoint configuration, model factory, retrying fetch, prices. What a model takes and how
// its failures are classified belong to the engine (lib/workbench/agents/model-capabilities.ts,
// request-params.ts, provider-errors.ts): import them from there.
export { createModel, createModelForEndpoint, PROVIDERS, type ModelSpec, type ProviderName } from "./models";
export {
  isTestTarget,
  loadEndpoints,
  resolveModelTarget,
  summarizeEndpoints,
  EndpointError,
  type Endpoint,
  type EndpointSummary,
  type ModelTarget,
} from "./endpoints";
export { createRetryingFetch, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-fetch";
export { costOf, loadPriceTable, parsePriceTable, findPrice, type Cost, type PriceTable, type TokenUsage } from "./prices";
