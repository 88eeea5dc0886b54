/**
 * Callback data of the buy flow (`buy:`) and of the order list and cards (`ord:`), built and matched
 * in one place. The longest is `buy:addr:` + a 34-character address, or `ord:o:` + a uuid + a page:
 * well under Telegram's 64 bytes. Cross-feature entry points (buy:start, buy:a:…, ord:list) are in
 * actions.ts.
 */
const UUID = "([0-9a-fA-F-]{36})";

export const BuyData = {
  resource: (resource: string) => `buy:res:${resource}`,
  address: (address: string) => `buy:addr:${address}`,
  volume: (volume: bigint) => `buy:vol:${volume}`,
  duration: (index: number) => `buy:dur:${index}`,
  confirm: (intentId: string) => `buy:ok:${intentId}`,
  change: (intentId: string) => `buy:chg:${intentId}`,
  cancel: (intentId: string) => `buy:no:${intentId}`,
  /** A new preview (new intent, new Idempotency-Key) for the same request. */
  again: (intentId: string) => `buy:new:${intentId}`,
};

export const BuyPattern = {
  resource: /^buy:res:(\w+)$/,
  address: /^buy:addr:(\w+)$/,
  volume: /^buy:vol:(\d+)$/,
  duration: /^buy:dur:(\d+)$/,
  confirm: new RegExp(`^buy:ok:${UUID}$`),
  change: new RegExp(`^buy:chg:${UUID}$`),
  cancel: new RegExp(`^buy:no:${UUID}$`),
  again: new RegExp(`^buy:new:${UUID}$`),
};

export const OrderData = {
  page: (page: number) => `ord:p:${page}`,
  /** `page` is the list page to go back to; 0 when the card came from /buy. */
  open: (orderId: string, page: number) => `ord:o:${orderId}:${page}`,
  refresh: (orderId: string, page: number) => `ord:r:${orderId}:${page}`,
};

export const OrderPattern = {
  page: /^ord:p:(\d{1,6})$/,
  open: /^ord:o:([\w-]{1,40}):(\d{1,6})$/,
  refresh: /^ord:r:([\w-]{1,40}):(\d{1,6})$/,
};
