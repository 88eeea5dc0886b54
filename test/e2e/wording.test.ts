/**
 * Wording and numbers (issue 30): amounts as people write them in Russian and Chinese, an address
 * without energy said to have none, prices to the cent on buttons that fit, "Buy energy" straight
 * to energy, and a help example that is not the USDT contract.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { freshAddress, nextShown, text } from "./buy-support.js";
import { fitsHalfRow } from "../../src/bot/ui/button-width.js";

const USER = 30_016;
const USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const tr = loadTranslations("en");

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("wording and numbers", () => {
  it("65к (ru) and 6.5万 (zh) are 65,000 energy", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    await h.tg.sendText({ userId: USER, languageCode: "ru", text: `/buy ${address} 65к` });
    expect(text(await nextShown(h, /Итого к оплате/))).toMatch(/<code>65\s000<\/code> на 1 час/);
    await h.tg.sendText({ userId: USER, languageCode: "zh", text: `/buy ${address} 6.5万` });
    expect(text(await nextShown(h, /应付总额/))).toContain("<code>65,000</code>");
  });

  it("an address without energy has none; preset prices to the cent, side by side only when they fit", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    await h.tg.sendText({ userId: USER, text: `/buy energy ${address}` });
    const step = text(await nextShown(h, /How much/));
    expect(step).toContain(`<code>${address}</code> has no energy`);
    const keyboard = (h.tg.lastBotMessage(USER)!.replyMarkup as { inline_keyboard: Array<Array<{ text: string }>> }).inline_keyboard;
    const presetRows = keyboard.filter((row) => row.some((b) => b.text.endsWith(" TRX")));
    expect(presetRows.length).toBeGreaterThan(0);
    for (const row of presetRows) {
      for (const button of row) expect(button.text).toMatch(/ \d+\.\d{2} TRX$/);
      if (row.length > 1) expect(row.every((b) => fitsHalfRow(b.text))).toBe(true);
    }
    // the long "to an address without USDT" labels each get a row of their own
    expect(presetRows.filter((row) => row.some((b) => b.text.includes("without USDT"))).every((row) => row.length === 1)).toBe(true);
  });

  it("⚡ Buy energy (from /stats) goes straight to energy: the address is asked, not 'Energy or Bandwidth?'", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    await h.tg.sendText({ userId: USER, text: "/stats" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    await h.tg.tapButton({ userId: USER, text: /Buy energy/ });
    const asked = text(await nextShown(h, /TRON address|What would you like to buy/));
    expect(asked).not.toBe(tr.t("en", "buy-ask-resource"));
    expect(asked).toContain("⚡ Energy");
  });

  it("the help's example address is an ordinary address, not the USDT contract", async () => {
    h = await startHarness();
    await h.tg.sendText({ userId: USER, text: "/help" });
    const help = text(await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER));
    expect(help).toContain("/buy T");
    expect(help).not.toContain(USDT_CONTRACT);
  });
});

describe("the rule-overlap warning in Russian", () => {
  it("agrees with every kind of rule (правило «Умный режим» (активно), not Умный режим (активно))", async () => {
    h = await startHarness();
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const address = freshAddress();
    await h.marketplace.forKey(apiKey).enableSmart({ targetAddress: address, autoResume: true });
    await h.store.users.setLanguage(USER, "ru");
    await h.tg.sendText({ userId: USER, text: "/smart" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes("Умный режим"));
    await h.tg.sendText({ userId: USER, text: address });
    await nextShown(h, /Автовозобновление/);
    await h.tg.tapButton({ userId: USER, text: /^Да$/ });
    const preview = text(await nextShown(h, /Проверьте умный режим/));
    expect(preview).toContain("правило «🧠 Умный режим» (🟢 активно)");
    // one rule: "его", not "их"
    expect(preview).toContain("если новое его заменяет, приостановите или отмените прежнее");
  });
});

describe("the volume step's examples", () => {
  it("fit the resource: bandwidth's are bandwidth amounts, not energy's 65k and 0.5m", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    await h.tg.sendText({ userId: USER, text: `/buy bandwidth ${address}` });
    const ask = text(await nextShown(h, /How much 📶 Bandwidth/));
    expect(ask).toContain("like 1000, 3450, 5k, or 10k");
    expect(ask).not.toContain("65k");
    await h.tg.sendText({ userId: USER, text: "lots" });
    expect(text(await nextShown(h, /could not read “lots”/))).toContain("like 1000, 3450, 5k, or 10k");

    await h.tg.sendText({ userId: USER, text: `/buy energy ${address}` });
    expect(text(await nextShown(h, /How much ⚡ Energy/))).toContain("65000, 65k, 131 000, or 0.5m");
  });
});

describe("bandwidth presets", () => {
  it("are priced as energy's are, and one tap is the preview of that amount and duration", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    await h.tg.sendText({ userId: USER, text: `/buy bandwidth ${address}` });
    const ask = text(await nextShown(h, /How much 📶 Bandwidth/));
    expect(ask).toContain("its price for that duration is on the button");
    await h.tg.tapButton({ userId: USER, text: /^1,725 · 1 day · \d+\.\d{2} TRX$/ });
    expect(text(await nextShown(h, /Total to pay/))).toContain("Volume: <code>1,725</code> for 1 day");
  });
});
