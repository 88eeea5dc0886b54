import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { createMarketplace, ruleKind, type Marketplace } from "../../src/marketplace/index.js";
import { startProxy } from "../marketplace/support/proxy.js";
import { waitUntil } from "../support/wait.js";
import { textOf } from "../support/payload.js";
import { shortAddress } from "../../src/tron/address.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 2101;
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";

const { sent, edited, say, tap } = userChat(() => h.tg, USER);

function rulesOf(apiKey: string) {
  return h.marketplace.forKey(apiKey).listRules();
}

/** The one message of the flow: the step shown last (every step edits the message the first one sent). */
const step = (predicate: (text: string) => boolean) => edited(predicate);

describe("/refill", () => {
  it("asks every value in one message, checks each number against the options, previews and creates one rule", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    await say("/refill");
    const first = await sent((t) => t.includes("New auto-refill rule") && t.includes("TRON address"));
    const flowId = (first.response as { result: { message_id: number } }).result.message_id;
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["✖️ Cancel"]);
    // a step with no buttons of its own: Cancel alone, no empty row above it
    expect(first.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: "✖️ Cancel", callback_data: "flow.x" }]] });

    await say("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u");
    await step((t) => t.includes("is not a valid TRON address") && t.includes("Send the TRON address"));
    await say(ADDRESS);
    const threshold = await step((t) => t.includes(`✓ Address: <code>${ADDRESS}</code>`) && t.includes("Threshold"));
    expect(String(threshold.payload.text)).toContain("from 1 to 5,000,000");

    await say("lots");
    await step((t) => t.includes("whole number from 1 to 5,000,000") && t.includes("Threshold"));
    await say("0");
    await step((t) => t.includes("0 is outside the allowed range") && t.includes("from 1 to 5,000,000"));
    await say("-5");
    await step((t) => t.includes("-5 is outside the allowed range") && t.includes("from 1 to 5,000,000"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["65,000", "131,000", "✖️ Cancel"]);
    await tap(/^65,000$/);

    await step((t) => t.includes("✓ Fires when energy falls below: <code>65,000</code>") && t.includes("How much energy per delivery") && t.includes("From 32,000 to 5,000,000"));
    await say("10k");
    await step((t) => t.includes("10,000 is outside the allowed range") && t.includes("32,000 to 5,000,000"));
    await say("6m");
    await step((t) => t.includes("6,000,000 is outside the allowed range"));
    await say("131 000");

    await step((t) => t.includes("✓ Energy per delivery: <code>131,000</code>") && t.includes("Duration"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["1 hour", "1 day", "3 days", "7 days", "14 days", "30 days", "✖️ Cancel"]);
    await say("2 weeks");
    await step((t) => t.includes("choose one of the durations") && t.includes("1 hour, 1 day"));
    await tap(/^1 hour$/);

    const autoResume = await step((t) => t.includes("Auto-resume?") && t.includes("✓ Delivered for: 1 hour"));
    expect(String(autoResume.payload.text)).toContain("starts again by itself once you top up");
    await tap(/^Yes$/);

    const preview = await step((t) => t.includes("Check the new auto-refill rule"));
    const text = String(preview.payload.text);
    // 131,000 × 60 SUN = 7.86 TRX, plus 10% commission.
    expect(text).toContain("One firing costs: <code>8.65 TRX</code> (base 7.86 TRX + commission 0.79 TRX)");
    expect(text).toContain("Your balance: <code>1,000.00 TRX</code>");
    expect(text).toContain("falls below 65,000, 131,000 energy is delivered for 1 hour");
    expect(text).not.toContain("⚠️");
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["✅ Confirm", "✏️ Change", "💲 Max price", "✖️ Cancel"]);
    expect(await rulesOf(apiKey)).toHaveLength(0);
    // Everything happened in the one message.
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
    expect(h.tg.callsOf("editMessageText").every((c) => c.payload.message_id === flowId)).toBe(true);

    // A double tap on Confirm: the second tap reaches the fallback and creates nothing.
    const confirm = h.tg.buttons(USER).find((b) => b.text === "✅ Confirm")!;
    await h.tg.tap({ userId: USER, messageId: flowId, data: confirm.callbackData! });
    await h.tg.tap({ userId: USER, messageId: flowId, data: confirm.callbackData! });
    const card = await step((t) => t.includes("Rule created"));
    expect(String(card.payload.text)).toContain(`<code>${ADDRESS}</code>`);
    const expired = await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes("expired"));
    expect(expired).toBeDefined();

    const rules = await rulesOf(apiKey);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ targetAddress: ADDRESS, minimal: 65_000n, volume: 131_000n, duration: "1h", autoResume: true });
    expect(ruleKind(rules[0]!.type)).toBe("refill");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`rule.open:${rules[0]!.id}`]);
    // The address is remembered for the next flow.
    expect(await h.store.recentAddresses.list(USER)).toEqual([ADDRESS]);

    // Open rule: the rule's card, to pause or cancel it.
    await tap(/Open rule/);
    await sent((t) => t.includes(rules[0]!.id) && t.includes("🟢 active"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual(["⏸ Pause", "🗑 Cancel rule", "💲 Max price", "✏️ Edit", "📜 Fires", "🔄 Refresh", "⬅️ Back"]);
  });

  it("Cancel on the preview creates nothing, and /cancel leaves the flow mid-way", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await say("/refill");
    await sent((t) => t.includes("TRON address"));
    await say(ADDRESS);
    await step((t) => t.includes("Threshold"));
    await say("/cancel");
    await sent((t) => t.includes("Cancelled"));
    // the flow's own message says so too: no question left on screen
    await step((t) => t.includes("Auto-refill: cancelled, no rule was created."));
    await say("65000");
    await sent((t) => t.includes("/help"));

    await say("/refill");
    const second = await sent((t) => t.includes("TRON address"));
    const flowId = (second.response as { result: { message_id: number } }).result.message_id;
    await say(ADDRESS);
    await step((t) => t.includes("Threshold"));
    await say("65k");
    await step((t) => t.includes("per delivery"));
    await say("65k");
    await step((t) => t.includes("Duration"));
    await tap(/^1 day$/);
    await step((t) => t.includes("Auto-resume?"));
    await tap(/^No$/);
    const preview = await step((t) => t.includes("Check the new auto-refill rule"));
    expect(String(preview.payload.text)).toContain("Auto-resume: off");
    await tap(/Cancel/);
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === flowId && String(p.text).includes("Auto-refill: cancelled, no rule was created."));
    expect(h.tg.buttons(USER, flowId)).toEqual([]);
    expect(await rulesOf(apiKey)).toHaveLength(0);
  });

  it("a flow half-way through survives a restart of the bot", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await say("/refill");
    await sent((t) => t.includes("TRON address"));
    await say(ADDRESS);
    await step((t) => t.includes("Threshold"));
    await say("40k");
    await step((t) => t.includes("per delivery"));
    // restart() does not wait for an update in flight: wait until the step is stored.
    await waitUntil(async () => JSON.stringify((await h.store.conversations.read(String(USER))) ?? null).includes("40k"));
    await h.restart();
    await say("500k");
    await step((t) => t.includes("Duration"));
    await tap(/^3 days$/);
    await step((t) => t.includes("Auto-resume?"));
    await tap(/^Yes$/);
    await step((t) => t.includes("Check the new auto-refill rule"));
    await tap(/Confirm/);
    await step((t) => t.includes("Rule created"));
    expect(await rulesOf(apiKey)).toMatchObject([{ minimal: 40_000n, volume: 500_000n, duration: "3d", autoResume: true }]);
  });

  it("without a key, says how to add one", async () => {
    await say("/refill");
    const reply = await sent((t) => t.includes("/key"));
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain("key.add");
    expect(String(reply.payload.text)).not.toContain("TRON address");
  });
});

describe("/renewal", () => {
  it("creates a daily renewal priced as one day of its volume", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "50" });
    await say("/renewal");
    await sent((t) => t.includes("New auto-renewal rule"));
    await say(OTHER);
    await step((t) => t.includes("renew each day") && t.includes("From 65,000 to 5,000,000"));
    await say("32000");
    await step((t) => t.includes("32,000 is outside the allowed range") && t.includes("65,000 to 5,000,000"));
    await tap(/^65,000$/);
    await step((t) => t.includes("Auto-resume?") && t.includes("✓ Energy per delivery: <code>65,000</code>"));
    await tap(/^No$/);
    const preview = await step((t) => t.includes("Check the new auto-renewal rule"));
    // 65,000 × 75 SUN (one day) = 4.875 TRX, plus 10%.
    expect(String(preview.payload.text)).toContain("<code>5.36 TRX</code>");
    expect(String(preview.payload.text)).toContain("renewed for the address once a day");
    await tap(/Confirm/);
    await edited((t) => t.includes("Rule created") && t.includes("Renewed once a day"));
    const rules = await rulesOf(apiKey);
    expect(rules).toHaveLength(1);
    expect(ruleKind(rules[0]!.type)).toBe("renewal");
    expect(rules[0]).toMatchObject({ targetAddress: OTHER, volume: 65_000n, autoResume: false });
  });

  it("without the balance for one renewal: a warning on the preview, then the 402 with the shortfall and Deposit", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "2" });
    await say("/renewal");
    await sent((t) => t.includes("TRON address"));
    await say(ADDRESS);
    await step((t) => t.includes("renew each day"));
    await say("65k");
    await step((t) => t.includes("Auto-resume?"));
    await tap(/^Yes$/);
    const preview = await step((t) => t.includes("Check the new auto-renewal rule"));
    expect(String(preview.payload.text)).toContain("deposit at least <code>3.37 TRX</code> more first");
    expect(h.tg.buttons(USER).map((b) => b.callbackData)).toContain("dep");
    // Deposit on the preview opens the deposit address; the preview still waits for Confirm.
    const previewId = h.tg.lastBotMessage(USER)!.messageId;
    await tap(/Deposit/);
    await h.tg.waitForCall("sendPhoto", (p) => p.chat_id === USER);
    await h.tg.tapButton({ userId: USER, messageId: previewId, text: /Confirm/ });
    const refused = await edited((t) => t.includes("balance is too low"));
    const text = String(refused.payload.text);
    expect(text).toContain("One firing costs <code>5.36 TRX</code>; your balance is <code>2.00 TRX</code>");
    expect(text).toContain("Deposit at least <code>3.37 TRX</code> more");
    // the answers are kept: Deposit, Try again (the preview again) and Cancel
    expect(h.tg.buttons(USER, previewId).map((b) => b.text)).toEqual(["💳 Deposit", "🔁 Try again", "✖️ Cancel"]);
    expect(await rulesOf(apiKey)).toHaveLength(0);
  });
});

describe("/smart", () => {
  it("offers recent addresses, needs only the address and auto-resume, and turns smart mode on", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await h.store.recentAddresses.remember(USER, OTHER, 1);
    await h.store.recentAddresses.remember(USER, ADDRESS, 2);
    await say("/smart");
    const ask = await sent((t) => t.includes("Smart mode") && t.includes("about 131k energy"));
    expect(String(ask.payload.text)).toContain("used recently");
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([shortAddress(ADDRESS), shortAddress(OTHER), "✖️ Cancel"]);
    await tap(new RegExp(`^${shortAddress(OTHER)}$`));
    await step((t) => t.includes(`✓ Address: <code>${OTHER}</code>`) && t.includes("Auto-resume?"));
    await tap(/^Yes$/);
    const preview = await step((t) => t.includes("Check smart mode"));
    expect(String(preview.payload.text)).toContain("<code>8.65 TRX</code>");
    expect(String(preview.payload.text)).not.toContain("Energy per delivery");
    await tap(/Confirm/);
    await edited((t) => t.includes("Rule created") && t.includes("Smart mode"));
    const rules = await rulesOf(apiKey);
    expect(rules.map((r) => [ruleKind(r.type), r.targetAddress, r.autoResume])).toEqual([["smart", OTHER, true]]);
  });

  it("a stale button from an earlier run does nothing in a new run", async () => {
    await h.givenUserWithKey(USER);
    await h.store.recentAddresses.remember(USER, ADDRESS, 1);
    await say("/smart");
    await sent((t) => t.includes("Smart mode"));
    const first = h.tg.lastBotMessage(USER)!;
    const stale = h.tg.buttons(USER, first.messageId).find((b) => b.text === shortAddress(ADDRESS))!.callbackData!;
    await say("/smart");
    await sent((t) => t.includes("Smart mode"));
    // The first run's message lost its buttons when /smart left it; its data tapped anyway matches nothing.
    expect(h.tg.buttons(USER, first.messageId)).toEqual([]);
    await h.tg.tap({ userId: USER, messageId: first.messageId, data: stale });
    await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes("expired"));
    await say(OTHER);
    await step((t) => t.includes(`✓ Address: <code>${OTHER}</code>`));
  });
});

describe("Change on the preview", () => {
  it("asks the picked step again with its answer marked, keeps every other answer, and creates the rule as changed", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    await say("/refill");
    const first = await sent((t) => t.includes("TRON address"));
    const flowId = (first.response as { result: { message_id: number } }).result.message_id;
    await say(ADDRESS);
    await step((t) => t.includes("Threshold"));
    await tap(/^65,000$/);
    await step((t) => t.includes("per delivery"));
    await say("131k");
    await step((t) => t.includes("Duration"));
    await tap(/^1 hour$/);
    await step((t) => t.includes("Auto-resume?"));
    await tap(/^Yes$/);
    await step((t) => t.includes("Check the new auto-refill rule") && t.includes("<code>8.65 TRX</code>"));

    await tap(/Change/);
    const picker = await step((t) => t.includes("What would you like to change"));
    expect(String(picker.payload.text)).toContain(`Address: <code>${ADDRESS}</code>`);
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual(["Address", "Threshold", "Volume", "Duration", "Auto-resume", "⬅️ Back", "✖️ Cancel"]);
    // Back: the same preview again, nothing asked
    await tap(/Back/);
    await step((t) => t.includes("Check the new auto-refill rule"));
    await tap(/Change/);
    await step((t) => t.includes("What would you like to change"));

    await tap(/^Volume$/);
    const volume = await step((t) => t.includes("How much energy per delivery"));
    const text = String(volume.payload.text);
    // the other answers stay above the question; the one being changed is marked on its button
    expect(text).toContain("✓ Fires when energy falls below: <code>65,000</code>");
    expect(text).toContain("✓ Delivered for: 1 hour");
    expect(text).toContain("✓ Auto-resume: on");
    expect(text).not.toContain("Energy per delivery:");
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual(["65,000", "✓ 131,000", "✖️ Cancel"]);
    await say("10k");
    await step((t) => t.includes("10,000 is outside the allowed range"));
    await say("262k");
    const preview = await step((t) => t.includes("Check the new auto-refill rule") && t.includes("<code>262,000</code>"));
    // 262,000 × 60 SUN = 15.72 TRX, plus 10% commission: priced anew
    expect(String(preview.payload.text)).toContain("<code>17.29 TRX</code>");
    expect(String(preview.payload.text)).toContain("falls below 65,000, 262,000 energy is delivered for 1 hour");

    await tap(/Change/);
    await step((t) => t.includes("What would you like to change"));
    await tap(/^Auto-resume$/);
    await step((t) => t.includes("Auto-resume?") && t.includes("✓ Energy per delivery: <code>262,000</code>"));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual(["✓ Yes", "No", "✖️ Cancel"]);
    await tap(/^No$/);
    await step((t) => t.includes("Check the new auto-refill rule") && t.includes("Auto-resume: off"));
    expect(await rulesOf(apiKey)).toHaveLength(0);

    await tap(/Confirm/);
    await step((t) => t.includes("Rule created"));
    expect(await rulesOf(apiKey)).toMatchObject([{ targetAddress: ADDRESS, minimal: 65_000n, volume: 262_000n, duration: "1h", autoResume: false }]);
    // all of it in the flow's one message
    expect(h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === USER)).toHaveLength(1);
  });

  it("a changed address is offered again, marked, and a Confirm left from before the change creates nothing", async () => {
    const { apiKey } = await h.givenUserWithKey(USER);
    await h.store.recentAddresses.remember(USER, OTHER, 1);
    await say("/smart");
    const first = await sent((t) => t.includes("Smart mode"));
    const flowId = (first.response as { result: { message_id: number } }).result.message_id;
    await say(ADDRESS);
    await step((t) => t.includes("Auto-resume?"));
    await tap(/^Yes$/);
    await step((t) => t.includes("Check smart mode"));
    const staleConfirm = h.tg.buttons(USER, flowId).find((b) => b.text === "✅ Confirm")!.callbackData!;

    await tap(/Change/);
    await step((t) => t.includes("What would you like to change"));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual(["Address", "Auto-resume", "⬅️ Back", "✖️ Cancel"]);
    // the preview's Confirm, tapped while the picker is shown, is no answer to it
    await h.tg.tap({ userId: USER, messageId: flowId, data: staleConfirm });
    await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes("expired"));
    expect(await rulesOf(apiKey)).toHaveLength(0);

    await tap(/^Address$/);
    await step((t) => t.includes("TRON address") && t.includes("✓ Auto-resume: on"));
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual([`✓ ${shortAddress(ADDRESS)}`, shortAddress(OTHER), "✖️ Cancel"]);
    await tap(new RegExp(`^${shortAddress(OTHER)}$`));
    const preview = await step((t) => t.includes("Check smart mode") && t.includes(OTHER));
    expect(String(preview.payload.text)).not.toContain(ADDRESS);
    // the first preview's Confirm (as a copy of that message would still show it) confirms nothing now either
    await h.tg.tap({ userId: USER, messageId: flowId, data: staleConfirm });
    await h.tg.waitForCall("answerCallbackQuery", (p) => textOf(p).includes("expired"));
    expect(await rulesOf(apiKey)).toHaveLength(0);
    await tap(/Confirm/);
    await step((t) => t.includes("Rule created"));
    expect((await rulesOf(apiKey)).map((r) => [r.targetAddress, r.autoResume])).toEqual([[OTHER, true]]);
  });
});

describe("rules already on the address", () => {
  it("the preview warns about them (not about cancelled ones), and Change to another address drops the warning", async () => {
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
    const client = h.marketplace.forKey(apiKey);
    await client.createRefill({ targetAddress: ADDRESS, minimal: 65_000n, volume: 131_000n, duration: "1h" });
    const old = await client.createRenewal({ targetAddress: ADDRESS, volume: 65_000n });
    await client.cancelRule(old.id);

    await say("/smart");
    await sent((t) => t.includes("Smart mode"));
    await say(ADDRESS);
    await step((t) => t.includes("Auto-resume?"));
    await tap(/^Yes$/);
    const preview = await step((t) => t.includes("Check smart mode"));
    expect(String(preview.payload.text)).toContain("⚠️ This address already has 🔁 Auto-refill (🟢 active). Each rule buys energy on its own");
    expect(String(preview.payload.text)).not.toContain("Auto-renewal");

    await tap(/Change/);
    await step((t) => t.includes("What would you like to change"));
    await tap(/^Address$/);
    await step((t) => t.includes("TRON address"));
    await say(OTHER);
    const other = await step((t) => t.includes("Check smart mode") && t.includes(OTHER));
    expect(String(other.payload.text)).not.toContain("already has");
  });
});

describe("an unknown outcome", () => {
  it("a lost answer to the creation is not retried: the user is told the outcome is unknown and pointed to /rules", async () => {
    await h.stop();
    // The bot reaches the sandbox through a proxy that can drop an answer after the sandbox acted.
    const via: { marketplace?: Marketplace } = {};
    h = await startHarness({ extendDeps: (deps) => (via.marketplace ? { ...deps, marketplace: via.marketplace } : deps) });
    const proxy = await startProxy(h.sandbox.url);
    const proxied = createMarketplace({ baseUrl: proxy.url, retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 20 } });
    via.marketplace = proxied;
    await h.restart();
    try {
      const { apiKey } = await h.givenUserWithKey(USER);
      await say("/smart");
      await sent((t) => t.includes("Smart mode"));
      await say(ADDRESS);
      await step((t) => t.includes("Auto-resume?"));
      await tap(/^No$/);
      await step((t) => t.includes("Check smart mode"));
      proxy.dropAnswers((method, url) => method === "POST" && url.includes("/automations/smart"));
      await tap(/Confirm/);
      const unknown = await edited((t) => t.includes("did not confirm whether this went through"));
      expect(String(unknown.payload.text)).toContain("/rules");
      expect(proxy.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      // It did go through: /rules shows it.
      expect(await rulesOf(apiKey)).toHaveLength(1);
    } finally {
      await proxied.close();
      await proxy.close();
    }
  });
});

describe("Cancel on every step", () => {
  type Answer = () => Promise<unknown>;
  /** Each step: what its text says, and how the user answers it (the last step, the preview, is only cancelled). */
  const flows: Record<string, Array<[marker: string, answer?: Answer]>> = {
    "/refill": [
      ["TRON address", () => say(ADDRESS)],
      ["Threshold", () => say("65k")],
      ["per delivery", () => say("65k")],
      ["Duration", () => tap(/^1 day$/)],
      ["Auto-resume?", () => tap(/^No$/)],
      ["Check the new auto-refill rule", () => tap(/Change/)],
      ["What would you like to change", () => tap(/^Volume$/)],
      ["per delivery"],
    ],
    "/renewal": [
      ["TRON address", () => say(ADDRESS)],
      ["renew each day", () => say("65k")],
      ["Auto-resume?", () => tap(/^No$/)],
      ["Check the new auto-renewal rule", () => tap(/Change/)],
      ["What would you like to change"],
    ],
    "/smart": [
      ["TRON address", () => say(ADDRESS)],
      ["Auto-resume?", () => tap(/^No$/)],
      ["Check smart mode", () => tap(/Change/)],
      ["What would you like to change", () => tap(/^Address$/)],
      ["TRON address"],
    ],
  };

  for (const [command, steps] of Object.entries(flows)) {
    it(`${command}: Cancel at each step ends the flow in its message and creates nothing`, async () => {
      const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000" });
      for (let cancelAt = 0; cancelAt < steps.length; cancelAt++) {
        await say(command);
        const first = await sent((t) => t.includes(steps[0]![0]));
        const flowId = (first.response as { result: { message_id: number } }).result.message_id;
        const inFlow = (marker: string) =>
          h.tg.waitForCall("editMessageText", (p) => p.chat_id === USER && p.message_id === flowId && String(p.text).includes(marker));
        for (let i = 0; i < cancelAt; i++) {
          await steps[i]![1]!();
          await inFlow(steps[i + 1]![0]);
        }
        expect(h.tg.buttons(USER, flowId).at(-1)?.text).toBe("✖️ Cancel");
        await h.tg.tapButton({ userId: USER, messageId: flowId, text: /^✖️ Cancel$/ });
        await inFlow("cancelled, no rule was created.");
        expect(h.tg.buttons(USER, flowId)).toEqual([]);
        // The flow is over: a number now is no answer to anything.
        await say("65000");
        await sent((t) => t.includes("/help"));
      }
      expect(await rulesOf(apiKey)).toHaveLength(0);
      expect(h.tg.callsOf("sendMessage").filter((c) => String(c.payload.text).includes("Rule created"))).toHaveLength(0);
    });
  }
});
