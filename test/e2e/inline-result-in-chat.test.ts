/**
 * An inline result chosen in the bot's own chat (issue 30 item 12): the message the user posts
 * `via_bot` this bot is the bot's own answer, not input: no address offer under it, and a flow
 * waiting for an address does not take it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Update } from "grammy/types";
import { startHarness, type Harness } from "../support/harness.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { freshAddress, nextShown, text } from "./buy-support.js";

const USER = 30_012;
const tr = loadTranslations("en");

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** What Telegram delivers when the user picks the bot's inline card for `address` in the bot's chat. */
async function postViaBot(harness: Harness, address: string, messageId: number, viaBotId = harness.tg.botInfo.id): Promise<void> {
  const bot = harness.tg.botInfo;
  const message = {
    message_id: messageId,
    from: { id: USER, is_bot: false, first_name: "U" },
    chat: { id: USER, type: "private", first_name: "U" },
    date: Math.floor(Date.now() / 1000),
    text: `🔍 ${address}\nEnergy: Limit 0 · used 0 · available 0`,
    via_bot: { id: viaBotId, is_bot: true, first_name: bot.first_name, username: viaBotId === bot.id ? bot.username : "other_bot" },
  } as NonNullable<Update["message"]>;
  await harness.tg.injectUpdate({ message });
}

describe("an inline result posted in the bot's own chat", () => {
  it("gets no address offer and no 'did not understand'; another bot's result still does", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();

    await postViaBot(h, address, 900);
    // updates of one chat are handled in order: whatever the card caused would come before this answer
    await h.tg.sendText({ userId: USER, text: "/help" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && /\/buy/.test(String(p.text)));
    const sent = h.tg.callsOf("sendMessage").map((c) => String(c.payload.text));
    expect(sent.filter((t) => t.includes(address))).toEqual([]);
    expect(sent).not.toContain(tr.t("en", "fallback-message"));

    // the same card through another bot is something the user sent: offered as an address found in text
    await postViaBot(h, address, 901, 999_999);
    await nextShown(h, new RegExp(address));
  });

  it("a flow asking for the address ignores it and takes the address typed next", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const other = freshAddress();

    await h.tg.sendText({ userId: USER, text: "/buy energy" });
    await nextShown(h, /Send the TRON address/);
    await postViaBot(h, other, 900);
    await h.tg.sendText({ userId: USER, text: address });
    // the flow goes on in its own message with the typed address (not the posted card's)
    const next = await h.tg.waitForCall("editMessageText", (p) => p.chat_id === USER && String(p.text).includes(address));
    expect(text(next)).not.toContain(other);
    const shown = [...h.tg.callsOf("sendMessage"), ...h.tg.callsOf("editMessageText")].map((c) => String(c.payload.text));
    expect(shown.filter((t) => t.includes(other))).toEqual([]);
    expect(shown).not.toContain(tr.t("en", "error-internal"));
  });
});
