/**
 * Issue 30, item 1: what is sent outside a chat answer (the order card edited on fill, the fill
 * notice) is in the language the chat answers are in, for a user who never used /language: their
 * Telegram language_code, kept with the user. Expected texts are rendered from the locale files.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import { createFormatter } from "../../src/format/formatter.js";
import type { Locale } from "../../src/config.js";
import { escapeRegExp } from "../../src/telegram/callback-codec.js";
import { cardMessageId, confirm, freshAddress, intentIdOnCard, nextShown, text } from "./buy-support.js";

let n: NoticesHarness | undefined;
afterEach(async () => {
  await n?.stop();
  n = undefined;
});

const translator = createNoticeTranslator("en");

/** The first line of the fill notice and of the edited card, as the locale files write it. */
function filledHeadline(locale: Locale, volume: string): string {
  const t = (key: string, vars?: Record<string, string | number>) => translator.t(locale, key, vars);
  const fmt = createFormatter(locale);
  const what = t("notice-order-what", { volume: fmt.volume(volume), resource: t("notice-resource-energy"), duration: fmt.duration("1d", t) });
  return t("notice-order-filled", { what });
}

describe("notices in the user's Telegram language (no /language)", () => {
  it.each([
    { locale: "ru" as const, languageCode: "ru", user: 30_101 },
    { locale: "zh" as const, languageCode: "zh-hans", user: 30_102 },
  ])("($locale) buys, the order fills: the edited card and the fill notice are in the chat's language", async ({ locale, languageCode, user }) => {
    n = await startNoticesHarness({ startSender: true });
    const h = n.h;
    await h.givenUserWithKey(user);
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: true });

    await h.tg.sendText({ userId: user, languageCode, text: `/buy ${address} 2 1d` });
    // the chat's own answer follows Telegram's language, as it did before
    const totalLabel = (l: Locale) => translator.t(l, "buy-preview-total", { total: "" }).trim();
    const preview = await nextShown(h, new RegExp(escapeRegExp(totalLabel(locale))));
    expect(text(preview)).not.toContain(totalLabel("en"));
    const intentId = intentIdOnCard(h, user);
    const cardId = await cardMessageId(h, intentId);
    await confirm(h, user, intentId, /./);
    const volume = (await h.store.orders.get(intentId))!.volume;

    await h.sandbox.control.settleOrders();
    await n.watch.orders.tick();
    const headline = filledHeadline(locale, volume);
    const english = filledHeadline("en", volume);
    // the card says Filled in its status line (issue 30 item 11: the headline is the notice's alone)
    const status = (l: Locale) => translator.t(l, "order-card-status", { status: `✅ ${translator.t(l, "order-status-filled")}` });
    const edited = await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId && String(p.text).includes(status(locale)));
    expect(text(edited)).not.toContain(status("en"));
    const notice = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === user && String(p.text).includes(headline));
    expect(text(notice).split("\n")[0]).toBe(headline);
    expect(text(notice)).not.toContain(english);
    expect((await h.store.users.get(user))?.languageCode).toBe(languageCode);
  });
});
