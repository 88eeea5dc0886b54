/**
 * The watchers against the sandbox: rule pauses and resumes, firings, the balance alert; keys polled
 * with care (cancelled-only keys skipped, a broken key never stopping the others); the scheduler.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { textOf } from "../support/payload.js";
import { waitUntil } from "../support/wait.js";
import { createRulesWatcher } from "../../src/watch/rules.js";
import { createScheduler } from "../../src/watch/scheduler.js";
import { createLogger } from "../../src/logger.js";
import { createFormatter } from "../../src/format/formatter.js";
import { trxToSun } from "../../src/tron/amounts.js";
import type { Marketplace, MarketplaceClient } from "../../src/marketplace/index.js";
import { shortAddress } from "../../src/tron/address.js";
import { en, enAny, enPattern } from "../support/locale.js";

const USER = 7070;
const OTHER = 7071;
const ADDR_1 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ADDR_2 = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
const fmt = createFormatter("en");
const code = (value: string) => `<code>${value}</code>`;
/** An auto-refill rule as the notices name it (the icon is the code's). */
const REFILL = `🔁 ${en("rules-kind-refill")}`;
/** One rule's pause notice, for the balance or for the key's daily limit. */
const rulePaused = (t: string) => enAny("notice-rule-paused", "notice-rule-paused-limit").test(t);
const twoPaused = (t: string) => t.includes(en("notice-rules-paused", { count: 2 }));

let n: NoticesHarness;
afterEach(async () => {
  await n?.stop();
  n = undefined!; // a test that starts none must not stop the previous one again
});

const texts = (chatId: number) =>
  n.h.tg
    .callsOf("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));

async function refill(client: MarketplaceClient, address: string, autoResume: boolean) {
  return client.createRefill({ targetAddress: address, minimal: 65_000n, volume: 65_000n, duration: "1h", autoResume });
}

describe("rules watcher", () => {
  it("two rules paused in one look give one notice listing both (what is missing for both, auto-resume each, Deposit, My rules); an auto-resume after a top-up gives 'resumed'", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { accountId, apiKey } = await n.h.givenUserWithKey(USER, { trx: "1" });
    const client = n.h.marketplace.forKey(apiKey);
    await refill(client, ADDR_1, false);
    const auto = await refill(client, ADDR_2, true);
    await n.watch.rules.tick(); // first sight: recorded, no notices
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1n);
    n.h.sandbox.control.consumeEnergy(ADDR_2, 1n);
    const rules = await client.listRules();
    expect(rules.map((r) => [r.status, r.pauseReason])).toEqual([
      ["paused", "System"],
      ["paused", "System"],
    ]);

    await n.watch.rules.tick();
    await n.watch.rules.tick();
    await n.sender.drain();
    // issue 30 item 15: one notice per chat for the batch, not one per rule
    expect(texts(USER).filter(rulePaused)).toEqual([]);
    const paused = texts(USER).filter(twoPaused);
    expect(paused).toHaveLength(1);
    const notice = paused[0]!;
    const price = trxToSun((await client.previewFiring({ type: "refill", volume: 65_000n, duration: "1h" })).priceTrx);
    const trx = fmt.trx;
    expect(notice).toContain(en("notice-rules-paused-line", { rule: REFILL, address: code(ADDR_1), price: code(trx(price)), autoResume: "off" }));
    expect(notice).toContain(en("notice-rules-paused-line", { rule: REFILL, address: code(ADDR_2), price: code(trx(price)), autoResume: "on" }));
    expect(notice).toMatch(enPattern("notice-rules-paused-need", { missing: code(trx(2n * price - 1_000_000n, { up: true })) }));
    const pauseCall = n.h.tg.callsOf("sendMessage").find((c) => twoPaused(String(c.payload.text)))!;
    const keyboard = (pauseCall.payload.reply_markup as { inline_keyboard: Array<Array<{ callback_data: string }>> }).inline_keyboard.flat();
    expect(keyboard.map((b) => b.callback_data)).toEqual(["dep", "rule.list"]);

    n.h.sandbox.control.deposit(accountId, "100");
    await n.watch.rules.tick();
    await n.watch.rules.tick();
    await n.sender.drain();
    const resumed = texts(USER).filter((t) => enPattern("notice-rule-resumed").test(t));
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toContain(ADDR_2);
    expect(texts(USER)).toHaveLength(2);
    expect(auto.autoResume).toBe(true);

    // My rules on the pause notice: the rules, as a new message under the notice
    const shown = n.h.tg.messages(USER).find((m) => String(m.text).includes(en("notice-rules-paused", { count: 2 }).replace(/<\/?b>/g, "")))!;
    await n.h.tg.tapButton({ userId: USER, messageId: shown.messageId, text: en("notice-button-rules") });
    await n.h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes(en("rules-list-title")));
  });

  it("a notice per firing only when the user asked for it; the user's own pause and resume give none", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { apiKey } = await n.h.givenUserWithKey(USER, { trx: "100" });
    const client = n.h.marketplace.forKey(apiKey);
    const rule = await refill(client, ADDR_1, false);
    await n.watch.rules.tick();
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1n); // fires (notices per firing are off)
    await n.watch.rules.tick();
    await n.h.store.users.update(USER, { notifyFires: true });
    // fires again: 1,000 below the 65,000 delivered (a single unit used would recover within the
    // millisecond, as used energy recovers over 24 h, and then nothing would fire)
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1_000n);
    await n.watch.rules.tick();
    await n.watch.rules.tick();
    await client.pauseRule(rule.id);
    await n.watch.rules.tick();
    await client.resumeRule(rule.id);
    await n.watch.rules.tick();
    await n.sender.drain();
    const fires = await client.ruleFires(rule.id);
    expect(fires).toHaveLength(2);
    expect(texts(USER)).toEqual([
      en("notice-rule-fired", { rule: REFILL, volume: "65,000", address: code(ADDR_1), price: code(fmt.trx(fires[0]!.priceTrx)) }),
    ]);
    // the notice carries the rule's card and a Pause that stops it at once
    expect(n.h.tg.buttons(USER).map((b) => b.callbackData)).toEqual([`rule.open:${rule.id}`, `rule.pause:${rule.id}`]);
    await n.h.tg.tapButton({ userId: USER, text: /Pause/ });
    await n.h.tg.waitForCall("sendMessage", (p) => String(p.text).includes(en("rules-note-paused")));
    expect((await client.listRules()).find((r) => r.id === rule.id)!.status).toMatch(/paused/i);
  });

  it("a rule created through the bot that soon pauses for balance is announced at the watcher's next tick", async () => {
    n = await startNoticesHarness({ startSender: true });
    await n.h.givenUserWithKey(USER, { trx: "9" }); // one smart delivery costs 8.646 TRX
    await n.h.store.recentAddresses.remember(USER, ADDR_1, 1);
    await n.watch.rules.tick(); // the full scan: no rules yet, so the key is not polled again soon
    await n.h.tg.sendText({ userId: USER, text: "/smart" });
    await n.h.tg.waitForCall("sendMessage", (p) => enPattern("auto-intro-smart").test(textOf(p)));
    await n.h.tg.tapButton({ userId: USER, text: shortAddress(ADDR_1) });
    await n.h.tg.waitForCall("editMessageText", (p) => enPattern("auto-ask-auto-resume").test(textOf(p)));
    await n.h.tg.tapButton({ userId: USER, text: /^No$/ });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("auto-preview-title-smart")));
    await n.h.tg.tapButton({ userId: USER, text: /Confirm/ });
    await n.h.tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("auto-created")));
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1n); // the one delivery the balance covers
    n.h.sandbox.control.consumeEnergy(ADDR_1, 131_000n); // the next one it cannot
    await n.watch.rules.tick(); // one tick: the bot recorded the rule, so its key is polled
    await n.sender.drain();
    const paused = texts(USER).filter(rulePaused);
    expect(paused).toHaveLength(1);
    expect(paused[0]).toContain(en("rules-kind-smart"));
    expect(paused[0]).toMatch(enPattern("notice-rule-paused-need"));
  });

  it("a rule first seen already paused for balance (made elsewhere, after the key was added) is announced once", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { apiKey } = await n.h.givenUserWithKey(USER, { trx: "1" });
    const client = n.h.marketplace.forKey(apiKey);
    await refill(client, ADDR_1, true);
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1n);
    expect((await client.listRules())[0]!.pauseReason).toBe("System");
    await n.watch.rules.tick();
    await n.watch.rules.tick();
    await n.sender.drain();
    expect(texts(USER).filter(rulePaused)).toHaveLength(1);
  });

  it("paused although the balance covers the next firing: the notice names the key's daily spend limit", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { apiKey } = await n.h.givenUserWithKey(USER, { trx: "100", dailyLimitTrx: "1" });
    const client = n.h.marketplace.forKey(apiKey);
    await refill(client, ADDR_1, false);
    await n.watch.rules.tick();
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1n); // the firing would pass the key's 1 TRX a day
    expect((await client.listRules())[0]!.status).toBe("paused");
    await n.watch.rules.tick();
    await n.sender.drain();
    const [notice] = texts(USER).filter(rulePaused);
    expect(notice).toMatch(enPattern("notice-rule-paused-limit"));
    expect(notice).not.toMatch(enPattern("notice-rule-paused-need"));
    expect(n.h.tg.buttons(USER).map((b) => b.text)).toEqual([en("notice-button-open-rule")]);
  });

  it("two firings in the same millisecond are two deliveries: two notices", async () => {
    // the sandbox's clock stands still, so both firings get the very same createdAt
    let frozen = Date.now();
    n = await startNoticesHarness({ startSender: true, harness: { sandbox: { now: () => frozen } } });
    const { apiKey } = await n.h.givenUserWithKey(USER, { trx: "100" });
    const client = n.h.marketplace.forKey(apiKey);
    const rule = await refill(client, ADDR_1, false);
    await n.h.store.users.update(USER, { notifyFires: true });
    await n.watch.rules.tick();
    frozen += 1000;
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1n);
    n.h.sandbox.control.consumeEnergy(ADDR_1, 65_000n);
    const fires = await client.ruleFires(rule.id);
    expect(fires).toHaveLength(2);
    expect(fires[0]!.createdAt).toBe(fires[1]!.createdAt);
    await n.watch.rules.tick();
    await n.sender.drain();
    expect(texts(USER).filter((t) => enPattern("notice-rule-fired").test(t))).toHaveLength(2);
  });

  it("skips keys whose rules are all cancelled after the first pass; a broken key never stops the others, and is never logged", async () => {
    n = await startNoticesHarness({ startSender: true });
    const cancelledOnly = await n.h.givenUserWithKey(OTHER, { trx: "100" });
    const gone = await refill(n.h.marketplace.forKey(cancelledOnly.apiKey), ADDR_2, false);
    await n.h.marketplace.forKey(cancelledOnly.apiKey).cancelRule(gone.id);
    const broken = "broken-key-that-the-marketplace-rejects";
    await n.h.store.users.touch(OTHER + 1, OTHER + 1);
    await n.h.store.apiKeys.add(OTHER + 1, { apiKey: broken, label: "bad" });
    const { apiKey } = await n.h.givenUserWithKey(USER, { trx: "1" });
    await refill(n.h.marketplace.forKey(apiKey), ADDR_1, false);

    const used: string[] = [];
    const spying: Marketplace = { ...n.h.marketplace, forKey: (key: string) => (used.push(key), n.h.marketplace.forKey(key)) };
    const watcher = createRulesWatcher({ store: n.h.store, marketplace: spying, notifier: n.notifier, logger: n.h.deps.logger, now: Date.now, prices: n.h.deps.prices, concurrency: 2 });
    await watcher.tick(); // full pass: every key
    expect(new Set(used)).toEqual(new Set([cancelledOnly.apiKey, broken, apiKey]));
    used.length = 0;
    n.h.sandbox.control.consumeEnergy(ADDR_1, 1n);
    await watcher.tick(); // only keys with live rules
    expect(used).toEqual([apiKey]);
    await n.sender.drain();
    expect(texts(USER).filter(rulePaused)).toHaveLength(1);
    expect(n.h.logs.join("\n")).toContain("could not list a key's rules");
    expect(n.h.logs.join("\n")).not.toContain(broken);
  });
});

describe("balance watcher", () => {
  it("one notice when the balance falls below the alert, not repeated until it has recovered", async () => {
    n = await startNoticesHarness({ startSender: true });
    const { accountId } = await n.h.givenUserWithKey(USER, { trx: "100" });
    await n.h.store.users.update(USER, { balanceAlertSun: trxToSun("50").toString() });
    await n.watch.balance.tick();
    expect(await n.h.store.outbox.listForChat(USER)).toEqual([]);

    await n.h.store.users.update(USER, { balanceAlertSun: trxToSun("150").toString() });
    await n.watch.balance.tick();
    await n.watch.balance.tick();
    await n.sender.drain();
    expect(texts(USER)).toEqual([
      [en("notice-balance-low", { balance: code("100.00 TRX"), threshold: code("150.00 TRX") }), en("runway-transfers", { count: 23, countText: "23", price: "4.29 TRX" })].join("\n"),
    ]);
    expect(n.h.tg.buttons(USER).map((b) => b.callbackData)).toEqual(["dep"]);
    expect((await n.h.store.users.get(USER))?.balanceAlertTripped).toBe(true);

    n.h.sandbox.control.deposit(accountId, "100"); // 200: recovered, re-armed, no alert (the deposit is told)
    await n.watch.balance.tick();
    expect((await n.h.store.users.get(USER))?.balanceAlertTripped).toBe(false);
    await n.h.store.users.update(USER, { balanceAlertSun: trxToSun("250.5").toString() }); // below again
    await n.watch.balance.tick();
    await n.sender.drain();
    const alerts = () => texts(USER).filter((text) => enPattern("notice-balance-low").test(text));
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]).toContain("<code>250.50 TRX</code>");
    expect(texts(USER)).toHaveLength(3);

    await n.h.store.users.update(USER, { noticesEnabled: false, balanceAlertSun: trxToSun("1000").toString(), balanceAlertTripped: false });
    await n.watch.balance.tick();
    expect(await n.h.store.outbox.listForChat(USER)).toHaveLength(3);
  });
});

describe("scheduler", () => {
  it("never overlaps a job with itself, and stop waits for the tick in flight", async () => {
    let runs = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let finished = false;
    const scheduler = createScheduler(
      [{ name: "slow", cron: "0 0 1 1 *", run: async () => (runs++, await gate, void (finished = true)) }],
      createLogger({ level: "silent" }),
    );
    await scheduler.start();
    const first = scheduler.run("slow");
    const second = scheduler.run("slow");
    expect(second).toBe(first);
    const stopped = scheduler.stop();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    await new Promise((r) => setImmediate(r));
    expect(stopDone).toBe(false);
    finish();
    await stopped;
    expect(finished).toBe(true);
    expect(runs).toBe(1);
    expect(() => createScheduler([{ name: "bad", cron: "not a cron", run: () => Promise.resolve() }], createLogger({ level: "silent" }))).toThrow();
  });

  it("with tick claims, two schedulers of the same job run each slot once between them", async () => {
    const claimed = new Map<string, number>();
    const asked: string[] = [];
    const ran: Array<{ by: string; slot: string }> = [];
    // the database's claim: the first to insert (job, slot) wins
    const claimTick = (job: string, slot: string) => {
      asked.push(`${job}@${slot}`);
      const key = `${job}@${slot}`;
      claimed.set(key, (claimed.get(key) ?? 0) + 1);
      return Promise.resolve(claimed.get(key) === 1);
    };
    const schedulers = ["a", "b"].map((by) => {
      let slotClaimed = ""; // the slot this scheduler last claimed: the run that follows is for it
      return createScheduler([{ name: "every-second", cron: "* * * * * *", run: () => (ran.push({ by, slot: slotClaimed }), Promise.resolve()) }], createLogger({ level: "silent" }), {
        claimTick: (job, slot) => ((slotClaimed = slot), claimTick(job, slot)),
      });
    });
    for (const s of schedulers) await s.start();
    try {
      // stopped only once the other scheduler's tick for the last slot has come too (a few ms later)
      const askedTwice = (slot: string) => asked.filter((a) => a === `every-second@${slot}`).length === 2;
      await waitUntil(() => ran.length >= 3 && ran.every((r) => askedTwice(r.slot)), { timeoutMs: 8_000 });
    } finally {
      for (const s of schedulers) await s.stop();
    }
    const slots = ran.map((r) => r.slot);
    expect(new Set(slots).size).toBe(slots.length);
    // both asked for every slot that ran: the second was turned away, not late
    for (const slot of slots) expect(asked.filter((a) => a === `every-second@${slot}`)).toHaveLength(2);
    expect(slots.every((s) => !Number.isNaN(Date.parse(s)))).toBe(true);
  });
});
