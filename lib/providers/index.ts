// Providers: model factory, retrying fetch, error classification, prices.
export { createModel, PROVIDERS, API_KEY_VARIABLES, type ModelSpec, type ProviderName } from "./models";
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
