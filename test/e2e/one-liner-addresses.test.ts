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
