/**
 * Addresses on the command line (issue 30 items 3 and 4): a mistyped address is answered as an
 * address, and a saved address's name works wherever a command takes an address.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { freshAddress, nextShown, text } from "./buy-support.js";

const USER = 30_003;
const tr = loadTranslations("en");
const en = (key: string, vars?: Record<string, string | number>) => tr.t("en", key, vars);

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("a mistyped address in a one-liner", () => {
  it("one character short is answered as an address that is not valid, asked again with the count kept; a long echo is cut with …", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const short = address.slice(0, -1); // 33 characters

    await h.tg.sendText({ userId: USER, text: `/buy ${short} 2` });
    const answer = await nextShown(h, /TRON/);
    expect(text(answer)).toBe(en("buy-address-invalid", { text: short }));
    await nextShown(h, /Send the TRON address/);
    await h.tg.sendText({ userId: USER, text: address });
    // the count typed after it was kept: 2 transfers for the default hour
    expect(text(await nextShown(h, /Total to pay/))).toContain("<code>130,000</code> for 1 hour");

    // a word too long to echo whole is cut, and says so
    const long = "Z".repeat(50);
    await h.tg.sendText({ userId: USER, text: `/buy ${long}` });
    const echo = text(await nextShown(h, /ZZZ/));
    expect(echo).toBe(en("buy-resource-unknown", { value: `${"Z".repeat(32)}…` }));
  });
});

describe("a saved address's name on the command line", () => {
  it("/buy Main wallet 2 (the longest name wins), a quoted name with a resource, and /check Биржа show that address", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const main = freshAddress();
    const mainWallet = freshAddress();
    const exchange = freshAddress();
    for (const [address, label] of [
      [main, "Main"],
      [mainWallet, "Main wallet"],
      [exchange, "Биржа"],
    ] as const) {
      await h.store.recentAddresses.remember(USER, address);
      await h.store.recentAddresses.setLabel(USER, address, label);
    }

    await h.tg.sendText({ userId: USER, text: "/buy Main wallet 2" });
    let card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain(`<code>${mainWallet}</code>`);
    expect(card).toContain("<code>130,000</code> for 1 hour");

    await h.tg.sendText({ userId: USER, text: "/buy Main 1 1d" });
    card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain(`<code>${main}</code>`);
    expect(card).toContain("<code>65,000</code> for 1 day");

    await h.tg.sendText({ userId: USER, text: '/buy energy "main wallet" 131k 1h' });
    card = text(await nextShown(h, /Total to pay/));
    expect(card).toContain(`<code>${mainWallet}</code>`);
    expect(card).toContain("<code>131,000</code> for 1 hour");

    await h.tg.sendText({ userId: USER, text: "/check Биржа" });
    await nextShown(h, new RegExp(exchange));
    await h.tg.sendText({ userId: USER, text: "/check «Биржа»" });
    await nextShown(h, new RegExp(exchange));

    // neither an address nor a name: said so, then the address is asked with the saved ones as buttons
    await h.tg.sendText({ userId: USER, text: "/check Wallet" });
    await nextShown(h, /Send me the TRON address to check/);
    expect(h.tg.buttons(USER).map((b) => b.text)).toContain("Биржа · " + exchange.slice(0, 6) + "…" + exchange.slice(-4));
  });
});

describe("what was typed after a mistyped address", () => {
  it("is never dropped silently: an amount out of range, one that cannot be read, and a duration not on offer are each said why", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER);
    const address = freshAddress();
    const corrupted = address.slice(0, -1) + (address.endsWith("a") ? "b" : "a");

    // out of range: said above the volume step, once the address is right
    await h.tg.sendText({ userId: USER, text: `/buy ${corrupted} 9m 1h` });
    await nextShown(h, /Send the TRON address/);
    await h.tg.sendText({ userId: USER, text: address });
    const volumeStep = text(await nextShown(h, /How much/));
    expect(volumeStep).toContain(en("buy-volume-out-of-range", { volume: "9,000,000", min: "32,000", max: "5,000,000" }));

    // not readable: said with the address's answer
    await h.tg.sendText({ userId: USER, text: `/buy energy ${corrupted} lots 1h` });
    const answer = text(await nextShown(h, /not a valid TRON address[\s\S]*lots/));
    expect(answer).toContain(en("buy-kept-unreadable", { text: "lots" }));

    // a duration not on offer: said above the duration step
    await h.tg.sendText({ userId: USER, text: `/buy energy ${corrupted} 65k 2w` });
    await nextShown(h, /Send the TRON address/);
    await h.tg.sendText({ userId: USER, text: address });
    const durationStep = text(await nextShown(h, /For how long/));
    expect(durationStep).toContain("“2w” is not one of the durations on offer");
  });
});
