// Providers: endpoint configuration, model factory, retrying fetch, error classification, prices.
export { createModel, createModelForEndpoint, PROVIDERS, type ModelSpec, type ProviderName } from "./models";
export {
  loadEndpoints,
  resolveModelTarget,
  summarizeEndpoints,
  EndpointError,
  type Endpoint,
  type EndpointSummary,
  type ModelTarget,
} from "./endpoints";
export {
  ProviderError,
  MissingApiKeyError,
  classifyProviderError,
  redactSecrets,
  RETRIES_HEADER,
  type ProviderErrorCode,
} from "./errors";
export { createRetryingFetch, DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-fetch";
export { costOf, loadPriceTable, parsePriceTable, findPrice, type Cost, type PriceTable, type TokenUsage } from "./prices";
export { capabilitiesOf, REASONING_EFFORTS, type ModelCapabilities, type ReasoningEffort } from "./capabilities";
export { resolveRequestParams, ModelRequestParamsSchema, UnsupportedParameterError, type ModelRequestParams } from "./request-params";
