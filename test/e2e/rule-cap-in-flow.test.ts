/**
 * The max price offered while a rule is created (issue 32, item 1): optional, on its own button
 * under the preview (Confirm without it creates the rule with none), shown in the preview with a
 * warning when today's price is above it, and stored for the new rule; a bad amount is asked again.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { trxToSun } from "../../src/tron/amounts.js";
import { testEngine } from "../support/test-store.js";
import { en, enPattern } from "../support/locale.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 9712;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

const { sent, edited, say, tap } = userChat(() => h.tg, USER);
const labels = () => h.tg.buttons(USER).map((b) => b.text);
/** The max price line up to its figure (`figure` the TRX amount's start: its figure is the point). */
const capLine = (figure: string) => `${en("rules-card-cap", { cap: "\u0000", per: "" }).split("\u0000")[0]}<code>${figure}`;
const askCap = (t: string) => t.includes(en("rules-cap-ask"));

/** /renewal for ADDRESS, 65,000 a day, no auto-resume: its preview's text. */
async function renewalPreview(): Promise<string> {
  await say("/renewal");
  await sent((t) => enPattern("auto-intro-renewal").test(t));
  await say(ADDRESS);
  await edited((t) => enPattern("auto-ask-renewal-volume").test(t));
  await tap(/^65,000$/);
  await edited((t) => enPattern("auto-ask-auto-resume").test(t));
  await tap(/^No$/);
  return String((await edited((t) => t.includes(en("auto-preview-title-renewal")))).payload.text);
}

describe(`max price in the rule's creation flow (${testEngine})`, () => {
  it("set from the preview's button: shown (with a warning above today's price) and stored for the new rule", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    const preview = await renewalPreview();
    expect(preview).toContain(en("auto-preview-no-cap"));
    expect(labels()).toEqual([en("button-confirm"), en("button-change"), en("rules-button-cap"), en("button-cancel")]);

    await tap(en("rules-button-cap"));
    await edited((t) => askCap(t) && t.includes(`✓ ${en("rules-card-volume", { volume: "<code>65,000</code>" })}`));
    expect(labels()).toEqual([en("rules-button-cap-off"), en("button-cancel")]);
    await say("cheap");
    await edited((t) => t.includes(en("rules-cap-bad")) && askCap(t));
    // one renewal of 65,000 costs 5.3625 TRX: a max price of 5 is under it
    await say("5");
    const capped = String((await edited((t) => t.includes(en("auto-preview-title-renewal")) && t.includes(capLine("5")))).payload.text);
    expect(capped).toMatch(enPattern("notice-cap-per-65k"));
    expect(capped).toContain(en("auto-preview-cap-above"));
    expect(capped).toContain(en("rules-card-cap-between"));
    expect(await client.listRules()).toHaveLength(0);

    // changed again before Confirm: today's one tap to keep, or a new amount
    await tap(en("rules-button-cap"));
    await edited(askCap);
    expect(labels()).toEqual([expect.stringMatching(/^✓ 5(\.0+)? TRX$/), en("rules-button-cap-off"), en("button-cancel")]);
    await say("6.5");
    const raised = String((await edited((t) => t.includes(en("auto-preview-title-renewal")) && t.includes(capLine("6.5")))).payload.text);
    expect(raised).not.toContain(en("auto-preview-cap-above"));

    await tap(/Confirm/);
    const card = String((await edited((t) => t.includes(en("auto-created")))).payload.text);
    expect(card).toContain(capLine("6.5"));
    const [rule] = await client.listRules();
    expect(await h.store.priceCaps.get(rule!.id)).toMatchObject({ capSun: trxToSun("6.5").toString(), kind: "renewal", volume: "65000", userId: USER });
  });

  it("skipped: Confirm creates the rule with no max price; No max price removes one given", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    await renewalPreview();
    await tap(en("rules-button-cap"));
    await edited(askCap);
    await say("7");
    await edited((t) => t.includes(en("auto-preview-title-renewal")) && t.includes(capLine("7")));
    await tap(en("rules-button-cap"));
    await edited(askCap);
    await tap(en("rules-button-cap-off"));
    await edited((t) => t.includes(en("auto-preview-title-renewal")) && t.includes(en("auto-preview-no-cap")));
    await tap(/Confirm/);
    const card = String((await edited((t) => t.includes(en("auto-created")))).payload.text);
    expect(card).not.toMatch(enPattern("rules-card-cap"));
    const [rule] = await client.listRules();
    expect(rule).toBeDefined();
    expect(await h.store.priceCaps.get(rule!.id)).toBeUndefined();
  });
});
