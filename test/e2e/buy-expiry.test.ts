/**
 * A preview card is good for PREVIEW_TTL_MS: Confirm on an older one places nothing, cancels it and
 * shows a fresh quote in its place with a note. An intent already `placing` never expires: Confirm
 * must reuse its key.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import type { BotDeps } from "../../src/bot/context.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { PREVIEW_TTL_MS } from "../../src/orders/placement.js";
import { aroundPlaceOrder, cardMessageId, charges, confirm, confirmData, freshAddress, intentIdOnCard, intentOnButton, nextShown, previewByOneLiner, text } from "./buy-support.js";

const USER = 3201;
const MINUTE = 60_000;
let h: Harness;
/** How far the bot's clock (deps.now) is ahead of the wall clock. */
const clock = { aheadMs: 0 };
/** Drops the answer to the next POST /orders after the order was made. */
const tap = { dropNext: false, keys: [] as string[] };

afterEach(async () => {
  await h.stop();
});

function withClockAndTap(deps: BotDeps): BotDeps {
  const tapped = aroundPlaceOrder(deps, async (place, body, options) => {
    tap.keys.push(options.idempotencyKey);
    const order = await place(body, options);
    if (tap.dropNext) {
      tap.dropNext = false;
      throw new MarketplaceError("network", "POST /api/v1/orders: network error (ECONNRESET)");
    }
    return order;
  });
  return { ...tapped, now: () => Date.now() + clock.aheadMs };
}

async function start(): Promise<void> {
  clock.aheadMs = 0;
  tap.dropNext = false;
  tap.keys = [];
  h = await startHarness({ extendDeps: withClockAndTap });
}

describe("preview cards expire", () => {
  it("Confirm on a card older than ten minutes places nothing: the intent is cancelled and a fresh quote replaces the card", async () => {
    expect(PREVIEW_TTL_MS).toBe(10 * MINUTE);
    await start();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    const messageId = await cardMessageId(h, intentId);

    clock.aheadMs = PREVIEW_TTL_MS + MINUTE;
    await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId) });
    const refreshed = await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && /Total to pay/.test(String(p.text)));
    expect(text(refreshed)).toContain("more than 10 minutes old");
    expect(h.tg.callsOf("answerCallbackQuery").map((c) => String(c.payload.text))).toContain("Prices refreshed: check the new preview.");
    expect((await h.store.orders.get(intentId))!.state).toBe("cancelled");
    expect(tap.keys).toEqual([]);
    expect(h.sandbox.control.orderCount(accountId)).toBe(0);

    const fresh = intentIdOnCard(h, USER);
    expect(fresh).not.toBe(intentId);
    expect(await cardMessageId(h, fresh)).toBe(messageId);
    expect((await h.store.orders.get(fresh))!.state).toBe("previewed");
    expect((await h.store.orders.get(fresh))!.idempotencyKey).not.toBe((await h.store.orders.get(intentId))!.idempotencyKey);

    // The fresh card is new by the bot's clock: it places.
    await confirm(h, USER, fresh, /Created, being delivered/);
    expect(tap.keys).toEqual([(await h.store.orders.get(fresh))!.idempotencyKey]);
    expect(charges(h, accountId)).toHaveLength(1);

    // The old card's Confirm, tapped again, stays dead.
    await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId) });
    await h.tg.waitForCall("answerCallbackQuery", (p) => p.text === "This preview was cancelled. Start again with /buy.");
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });

  it("a card younger than ten minutes places as usual", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    clock.aheadMs = PREVIEW_TTL_MS - MINUTE;
    await confirm(h, USER, intentId, /Created, being delivered/);
    expect((await h.store.orders.get(intentId))!.state).toBe("placed");
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });

  it("a placing intent never expires: Confirm again an hour later reuses its key, one order", async () => {
    await start();
    const { accountId } = await h.givenUserWithKey(USER);
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    tap.dropNext = true;
    await confirm(h, USER, intentId, /cannot tell yet/);
    expect((await h.store.orders.get(intentId))!.state).toBe("placing");

    clock.aheadMs = 60 * MINUTE;
    await h.tg.tapButton({ userId: USER, text: /Confirm again/ });
    await nextShown(h, /Created, being delivered/);
    const row = (await h.store.orders.get(intentId))!;
    expect(row.state).toBe("placed");
    expect(tap.keys).toEqual([row.idempotencyKey, row.idempotencyKey]);
    expect(intentOnButton(h, USER) !== undefined).toBe(false);
    expect(charges(h, accountId).map((c) => c.orderId)).toEqual([row.orderId]);
  });

  it("the note is localised (ru, zh)", async () => {
    await start();
    await h.givenUserWithKey(USER);
    for (const [languageCode, note] of [
      ["ru", "старше 10 минут"],
      ["zh", "超过 10 分钟"],
    ] as const) {
      clock.aheadMs = 0;
      await h.tg.sendText({ userId: USER, text: `/buy energy ${freshAddress()} 65k 1h`, languageCode });
      await nextShown(h, /Итого к оплате|应付总额/);
      const intentId = intentIdOnCard(h, USER);
      const messageId = await cardMessageId(h, intentId);
      clock.aheadMs = PREVIEW_TTL_MS + MINUTE;
      await h.tg.tap({ userId: USER, messageId, data: confirmData(intentId), languageCode });
      await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId && String(p.text).includes(note));
      expect((await h.store.orders.get(intentId))!.state).toBe("cancelled");
    }
  });
});
