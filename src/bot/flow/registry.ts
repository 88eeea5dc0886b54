/**
 * The registry of flows: what one feature offers the others, looked up by id, so that no feature
 * imports another. A feature contributes its entries (features/index.ts gathers them); createBot
 * builds one registry per bot and puts it on every context (`ctx.flows`, also inside
 * conversations); a caller runs an entry by its id: `runEntry(ctx, "buy-again", orderId)`.
 * The registry also holds the flows a key picked by marketplace/scope-gate.ts may start again.
 */
import type { BotContext } from "../context.js";
import type { Order } from "../../marketplace/index.js";
import type { BuyAnswers, BuyRequest } from "../../orders/request.js";
import type { ShowOptions } from "../ui/view.js";

/** Every entry a feature offers the others: its id, what it takes and what it does. */
export interface FlowEntries {
  /** The buy flow, the answers given skipped (a missing key or a key unable to buy is said instead). Feature: buy. */
  "enter-buy": (ctx: BotContext, given: BuyAnswers) => Promise<void>;
  /**
   * In a team desk's group: the buy flow with the desk's key (its owner's), for the administrator
   * who asked (only their answers count), its card signed by them and with the desk's Confirm. Feature: buy.
   */
  "enter-desk-buy": (ctx: BotContext, desk: { ownerId: number; keyId: number }) => Promise<void>;
  /** In a team desk's group: /buy's preview card of a complete request as a new message, with the desk's key, signed, with the desk's Confirm. Feature: buy. */
  "send-desk-preview": (ctx: BotContext, desk: { ownerId: number; keyId: number }, request: BuyRequest) => Promise<void>;
  /** The order's address, volume and duration to a fresh preview as a new message. Feature: buy. */
  "buy-again": (ctx: BotContext, orderId: string) => Promise<void>;
  /** The `/buy …` line remembered before the user had a key, taken once (undefined: none, or too old). Feature: buy. */
  "take-pending-buy": (ctx: BotContext) => Promise<string | undefined>;
  /** That line run now that a key was added: its preview, or the flow for what it left to ask. Feature: buy. */
  "resume-pending-buy": (ctx: BotContext, text: string) => Promise<void>;
  /** /cancel: the chat's open previews cancelled and their cards saying so; how many there were. Feature: buy. */
  "cancel-open-previews": (ctx: BotContext) => Promise<number>;
  /** /cancel: the chat's open batch cards (/batch) cancelled and saying so; how many there were. Feature: batch. */
  "cancel-open-batches": (ctx: BotContext) => Promise<number>;
  /** The order's card (a menu) in the tapped message; `page` is the list page Back leads to (0: none). Feature: orders. */
  "show-order-card": (ctx: BotContext, order: Order, page: number, options?: ShowOptions) => Promise<void>;
  /** Energy for several addresses at once: the /batch flow, in a new message. Feature: batch. */
  "enter-batch": (ctx: BotContext) => Promise<void>;
  /** The check card of an address (with priced presets in private). Feature: check. */
  "show-address-check": (ctx: BotContext, address: string, options?: ShowOptions) => Promise<void>;
}

export type EntryId = keyof FlowEntries;

type EntryArgs<K extends EntryId> = Parameters<FlowEntries[K]> extends [BotContext, ...infer Rest] ? Rest : never;

/** Starts a flow again, with the answers it had when it was refused (`args`), or afresh. */
export type GatedStart = (ctx: BotContext, args?: unknown) => Promise<void>;

export interface FlowRegistry {
  readonly entries: Readonly<FlowEntries>;
  /** The flows a key picked by the scope gate's offer may start again (with the answers kept), by id. */
  readonly gated: ReadonlyMap<string, GatedStart>;
}

export interface FlowsFlavor {
  flows: FlowRegistry;
}

/** One registry from every feature's entries: each id given exactly once, none missing. */
export function createFlowRegistry(parts: ReadonlyArray<Partial<FlowEntries>>, gated: Readonly<Record<string, GatedStart>>): FlowRegistry {
  const entries: Partial<Record<EntryId, unknown>> = {};
  for (const part of parts) {
    for (const [id, entry] of Object.entries(part) as Array<[EntryId, unknown]>) {
      if (entries[id]) throw new Error(`flow entry "${id}" is given twice`);
      entries[id] = entry;
    }
  }
  const ids: Record<EntryId, true> = {
    "enter-buy": true,
    "enter-desk-buy": true,
    "send-desk-preview": true,
    "buy-again": true,
    "take-pending-buy": true,
    "resume-pending-buy": true,
    "cancel-open-previews": true,
    "cancel-open-batches": true,
    "show-order-card": true,
    "show-address-check": true,
    "enter-batch": true,
  };
  const missing = (Object.keys(ids) as EntryId[]).filter((id) => !entries[id]);
  if (missing.length > 0) throw new Error(`flow entries missing: ${missing.join(", ")}`);
  return { entries: entries as FlowEntries, gated: new Map(Object.entries(gated)) };
}

/** Runs the entry `id` of another feature. */
export function runEntry<K extends EntryId>(ctx: BotContext, id: K, ...args: EntryArgs<K>): ReturnType<FlowEntries[K]> {
  const entry = ctx.flows.entries[id] as unknown as (ctx: BotContext, ...rest: EntryArgs<K>) => ReturnType<FlowEntries[K]>;
  return entry(ctx, ...args);
}
