/**
 * zod schemas for every resource of the spec, tolerant as DESIGN.md asks: integer-or-string values
 * are accepted in both forms (int64 → exact bigint, int32 → number), TRX amounts are decimal strings
 * kept as strings, enum-like strings are kept as they come (see normalise.ts), fields the spec marks
 * nullable may also be absent, and unknown extra fields are dropped.
 */
import { z } from "zod";
import { isTrxDecimal } from "../tron/amounts.js";
import { toBigInt } from "../tron/volume.js";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^[+-]?\d+$/;

/** Integer or numeric string (int64) → bigint, exactly. Big literals arrive as strings (json.ts). */
export const int64 = z.union([z.number(), z.string(), z.bigint()]).transform((value, ctx) => {
  let result: bigint | undefined;
  try {
    result = toBigInt(value);
  } catch {
    result = undefined;
  }
  if (result === undefined || result < INT64_MIN || result > INT64_MAX) {
    ctx.addIssue({ code: "custom", message: "expected an int64 integer or numeric string" });
    return z.NEVER;
  }
  return result;
});

/** Integer or numeric string (int32) → number. */
export const int32 = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === "number" ? value : INTEGER_TEXT.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(n) || n < -(2 ** 31) || n > 2 ** 31 - 1) {
    ctx.addIssue({ code: "custom", message: "expected an int32 integer or numeric string" });
    return z.NEVER;
  }
  return n;
});

/**
 * A decimal string, kept as a string. A plain JSON number is tolerated when it prints as a decimal
 * (up to 15 significant digits survive a double exactly; TRX has at most 6 decimals).
 */
export const decimal = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = typeof value === "number" ? String(value) : value.trim();
  if (!isTrxDecimal(text)) {
    ctx.addIssue({ code: "custom", message: "expected a decimal string" });
    return z.NEVER;
  }
  return text;
});

/** A TRX amount: a decimal string (convert to SUN with trxToSun). */
export const trx = decimal;

/** Free text the spec types as string; a number is tolerated and printed. */
const text = z.union([z.string(), z.number()]).transform((v) => String(v));

/** A "string or null" field: absent is read as null. */
const nullableString = z.string().nullish().transform((v) => v ?? null);
const nullableInt64 = int64.nullish().transform((v) => v ?? null);
const nullableDecimal = decimal.nullish().transform((v) => v ?? null);
const id = z.string().min(1);
const dateTime = z.string();

/** A list the spec says is a bare array; `{ items: [...] }` is tolerated too. */
function list<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.object({ items: z.array(item) }).transform((o) => o.items)]);
}

export const orderSchema = z.object({
  id,
  resource: z.string(),
  targetAddress: z.string(),
  volume: int64,
  duration: z.string(),
  priceTrx: trx,
  activationTrx: trx,
  totalTrx: trx,
  /** Created, Filled, or a failed status under some name; see orderStatusKind. */
  status: z.string(),
  txId: nullableString,
  createdAt: dateTime,
});

export const orderPageSchema = z.object({
  items: z.array(orderSchema),
  page: int32,
  pageSize: int32,
  total: int32,
});

export const automationRuleSchema = z.object({
  id,
  /** auto-refill, auto-renewal, smart, in some spelling; see ruleKind. */
  type: z.string(),
  resource: z.string(),
  targetAddress: z.string(),
  minimal: nullableInt64,
  volume: nullableInt64,
  duration: nullableString,
  spentTrx: trx,
  /** active, paused, cancelled, in some spelling; see ruleStatusKind. */
  status: z.string(),
  /** System, User or null; see pauseReasonKind. */
  pauseReason: nullableString,
  autoResume: z.boolean(),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export const automationRuleListSchema = list(automationRuleSchema);

export const ruleFiringSchema = z.object({
  volume: int64,
  duration: nullableString,
  priceTrx: trx,
  createdAt: dateTime,
});
export const ruleFiringListSchema = list(ruleFiringSchema);

export const orderPreviewSchema = z.object({
  priceTrx: trx,
  baseCostTrx: trx,
  commissionTrx: trx,
  activationTrx: trx,
  burnCostTrx: trx,
  /** A percentage, e.g. "72.5"; the spec only says "string". */
  savingsPercent: text,
  balanceTrx: trx,
});

export const firingPreviewSchema = z.object({
  priceTrx: trx,
  baseCostTrx: trx,
  commissionTrx: trx,
});

export const orderStatsSchema = z.object({
  totalOrders: int32,
  energyDeliveredThisMonth: int64,
  energyDelivered: int64,
  /** Average price per unit in SUN, possibly fractional; null until the first delivery. */
  energyAvgSunPerUnit: nullableDecimal,
  bandwidthDelivered: int64,
  bandwidthAvgSunPerUnit: nullableDecimal,
  energyDaily: z.array(int64),
  bandwidthDaily: z.array(int64),
});

export const orderOptionsSchema = z.object({
  resources: z.array(
    z.object({
      resource: z.string(),
      durations: z.array(z.string()),
      unit: int64,
      minVolume: int64,
      maxVolume: int64,
    }),
  ),
  activationMaxTrx: trx,
});

export const automationOptionsSchema = z.object({
  durations: z.array(z.string()),
  energyUnit: int64,
  minVolume: int64,
  maxVolume: int64,
  renewalMinVolume: int64,
  renewalMaxVolume: int64,
});

export const balanceSchema = z.object({
  usdtTrc20: trx,
  trx,
});

export const depositAddressSchema = z.object({
  network: z.string(),
  address: z.string(),
  minimums: z.array(z.object({ currency: z.string(), amount: trx })),
});

/** The sandbox's own endpoint creation (no dashboard there): the id and the signing secret, once. */
export const sandboxWebhookSchema = z.object({
  id: z.string(),
  secret: z.string(),
});

export const addressCheckSchema = z.object({
  address: z.string(),
  activated: z.boolean(),
  energyLimit: int64,
  energyUsed: int64,
  energyAvailable: int64,
  bandwidthLimit: int64,
  bandwidthUsed: int64,
  bandwidthAvailable: int64,
});

export const blogPostSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImageUrl: nullableString,
  categorySlug: z.string(),
  categoryName: z.string(),
  /** A JSON document as a string; its structure is not in the spec (rendered by the bot). */
  contentJson: z.string(),
  publishedAt: dateTime,
  metaTitle: nullableString,
  metaDescription: nullableString,
  isTranslated: z.boolean(),
});

export type Order = z.output<typeof orderSchema>;
export type OrderPage = z.output<typeof orderPageSchema>;
export type AutomationRule = z.output<typeof automationRuleSchema>;
export type RuleFiring = z.output<typeof ruleFiringSchema>;
export type OrderPreview = z.output<typeof orderPreviewSchema>;
export type FiringPreview = z.output<typeof firingPreviewSchema>;
export type OrderStats = z.output<typeof orderStatsSchema>;
export type OrderOptions = z.output<typeof orderOptionsSchema>;
export type ResourceOptions = OrderOptions["resources"][number];
export type AutomationOptions = z.output<typeof automationOptionsSchema>;
export type Balance = z.output<typeof balanceSchema>;
export type DepositAddress = z.output<typeof depositAddressSchema>;
export type AddressCheck = z.output<typeof addressCheckSchema>;
export type BlogPost = z.output<typeof blogPostSchema>;
