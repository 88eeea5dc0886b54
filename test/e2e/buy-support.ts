/** Shared steps of the buy and orders end-to-end tests. */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { Harness } from "../support/harness.js";
import type { RecordedCall } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { waitUntil } from "../support/wait.js";
import { enPattern } from "../support/locale.js";
import { tronAddressFromAccountId } from "../../src/tron/address.js";
import type { Marketplace, MarketplaceClient } from "../../src/marketplace/index.js";
import type { BotDeps } from "../../src/bot/context.js";
import { BuyCard } from "../../src/bot/features/buy/callbacks.js";

export const freshAddress = (): string => tronAddressFromAccountId(randomBytes(20));

export const text = (call: RecordedCall): string => String(call.payload.text);

/** The bot's next sendMessage or editMessageText whose raw HTML matches. */
export function nextShown(h: Harness, pattern: RegExp, timeoutMs = 5000): Promise<RecordedCall> {
  return h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => pattern.test(String(p.text)), timeoutMs);
}

/** callback_data of the buttons of the bot's latest keyboard. */
export function buttonData(h: Harness, chatId: number): string[] {
  return h.tg.buttons(chatId).flatMap((b) => (b.callbackData ? [b.callbackData] : []));
}

/** The intent behind a button of the bot's latest keyboard (Confirm by default), if there is one. */
export function intentOnButton(h: Harness, chatId: number, button: { unpack(data: string): { intent: string } | undefined } = BuyCard.confirm): string | undefined {
  return buttonData(h, chatId)
    .map((d) => button.unpack(d)?.intent)
    .find((intent) => intent !== undefined);
}

export function intentIdOnCard(h: Harness, chatId: number): string {
  const intent = intentOnButton(h, chatId);
  expect(intent, `no Confirm button in ${JSON.stringify(h.tg.buttons(chatId))}`).toBeDefined();
  return intent!;
}

/** What Confirm on the card of `intentId` sends. */
export const confirmData = (intentId: string): string => BuyCard.confirm.pack({ intent: intentId });

/** /buy one-liner → the preview card; returns the intent id behind its Confirm. */
export async function previewByOneLiner(h: Harness, userId: number, args: string): Promise<{ intentId: string; card: RecordedCall }> {
  await h.tg.sendText({ userId, text: `/buy ${args}` });
  const card = await nextShown(h, enPattern("buy-preview-total"));
  return { intentId: intentIdOnCard(h, userId), card };
}

/** The card's message id, once the bot has recorded it on the intent (right after showing the card). */
export function cardMessageId(h: Harness, intentId: string): Promise<number> {
  return waitUntil(async () => (await h.store.orders.get(intentId))?.messageId ?? undefined);
}

/** Taps Confirm on the card of `intentId` and waits for the card to change. */
export async function confirm(h: Harness, userId: number, intentId: string, expected: RegExp): Promise<RecordedCall> {
  const messageId = await cardMessageId(h, intentId);
  await h.tg.tap({ userId, messageId, data: confirmData(intentId) });
  return h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && expected.test(String(p.text)));
}

export function charges(h: Harness, accountId: string) {
  return h.sandbox.control.ledger(accountId).filter((e) => e.kind === "charge");
}

type PlaceOrder = MarketplaceClient["placeOrder"];

/** The bot's deps with every client the bot opens handed to `patch` first (to wrap a call). */
export function aroundClients(deps: BotDeps, patch: (client: MarketplaceClient) => void): BotDeps {
  const marketplace: Marketplace = {
    public: deps.marketplace.public,
    close: () => deps.marketplace.close(),
    forKey(apiKey) {
      const client = deps.marketplace.forKey(apiKey);
      patch(client);
      return client;
    },
  };
  return { ...deps, marketplace };
}

/**
 * The bot's deps with every client's POST /orders passed through `around` (which gets the real
 * call), for tests that lose, drop or watch placements.
 */
export function aroundPlaceOrder(deps: BotDeps, around: (place: PlaceOrder, ...args: Parameters<PlaceOrder>) => ReturnType<PlaceOrder>): BotDeps {
  return aroundClients(deps, (client) => {
    const place = client.placeOrder.bind(client);
    client.placeOrder = (body, options) => around(place, body, options);
  });
}
