/** The one place the bot talks to the marketplace. */
export { createMarketplace, DEFAULT_OPTIONS_TTL_MS, INTERACTIVE, type Marketplace, type MarketplaceOptions } from "./factory.js";
export type {
  CachedCallOptions,
  CallOptions,
  ListOrdersQuery,
  MarketplaceClient,
  PlaceOrderBody,
  PlaceOrderOptions,
  PreviewFiringQuery,
  PreviewOrderQuery,
  PublicClient,
  RefillBody,
  RenewalBody,
  SmartBody,
  VolumeInput,
} from "./client.js";
export { isUnsafeSegment, pathSegment, type SegmentKind } from "./paths.js";
export { DEFAULT_RETRY, DEFAULT_TIMEOUTS, isUsableHeaderValue, type RetryPolicy, type Timeouts } from "./http.js";
export { MarketplaceError, findErrorCode, type MarketplaceErrorKind } from "./errors.js";
export { iterateOrders, MAX_PAGE_SIZE, type IterateOrdersOptions } from "./pagination.js";
export {
  eventTypeKind,
  orderStatusKind,
  pauseReasonKind,
  ruleKind,
  ruleStatusKind,
  type EventTypeKind,
  type OrderStatusKind,
  type PauseReasonKind,
  type RuleKind,
  type RuleStatusKind,
} from "./normalise.js";
export { parseJsonExact } from "./json.js";
export type {
  AddressCheck,
  AutomationOptions,
  AutomationRule,
  Balance,
  BlogPost,
  DepositAddress,
  FiringPreview,
  Order,
  OrderOptions,
  OrderPage,
  OrderPreview,
  OrderStats,
  ResourceOptions,
  RuleFiring,
} from "./schemas.js";
