/**
 * What a 403 api_key.spend_limit_exceeded says about the day: the key's daily limit and what is
 * spent of it. The spec names neither field (only the Error body: type, title, status, detail), so
 * both are read from the human-readable detail ("the key's daily limit is 5 TRX (UTC day); 4.5 TRX
 * spent today" on the sandbox); a marketplace that words it otherwise gets the general sentence.
 */
import type { MarketplaceError } from "../../marketplace/errors.js";

export interface SpendLimitState {
  /** TRX decimal strings, as the marketplace wrote them. */
  limitTrx: string;
  spentTrx: string;
}

const AMOUNT = String.raw`(\d+(?:\.\d+)?)\s*TRX`;
const LIMIT = new RegExp(String.raw`limit\b[^;,.\d]{0,40}?` + AMOUNT, "i");
const SPENT = new RegExp(String.raw`${AMOUNT}\s+(?:already\s+)?spent|spent\b[^;,\d]{0,40}?${AMOUNT}`, "i");

export function spendLimitState(err: MarketplaceError): SpendLimitState | undefined {
  const text = err.detail ?? err.title ?? "";
  const limit = LIMIT.exec(text)?.[1];
  const spent = SPENT.exec(text);
  const spentTrx = spent?.[1] ?? spent?.[2];
  return limit !== undefined && spentTrx !== undefined ? { limitTrx: limit, spentTrx } : undefined;
}
