/**
 * Scheduled purchases (issue 33, item 4). In the chat: /schedule creates one step by step (bad
 * answers asked again, nothing saved), lists it, pauses, resumes and deletes it. On the leader: the
 * runner, on a clock the test drives, runs each due time once however often it ticks and whatever
 * other runner ticks beside it over the same database; a time missed by up to 10 minutes runs late,
 * an older one is skipped and told; a run whose leader died is taken up again with the same
 * Idempotency-Key (one order); a short balance, a reached budget and the key's daily limit skip the
 * run and say so; "only failures" keeps a placed run quiet. Every notice goes through the outbox.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { en, enAny, enPattern, tr } from "../support/locale.js";
import { testEngine } from "../support/test-store.js";
import { createScheduleRunner, LATE_MS, RETRY_MS, runIds } from "../../src/schedules/runner.js";
import { openStore, type Store } from "../../src/store/index.js";
import type { Marketplace, MarketplaceClient } from "../../src/marketplace/index.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import type { NewSchedule } from "../../src/store/schedules.js";

const USER = 9501;
const ADDRESS = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const MINUTE = 60_000;
/** What a schedule of 131,000 energy for 1 hour buys, as its lines say it. */
const WHAT = en("schedule-what", { volume: "131,000", duration: "1 hour" });
/** A TRX amount as the cards show it (its figure is the point, so not open). */
const PRICE = /<code>[\d.]+ TRX<\/code>/;
const textOf = (payload: Record<string, unknown>) => (typeof payload.text === "string" ? payload.text : "");

let n: NoticesHarness;
const extraStores: Store[] = [];
afterEach(async () => {
  for (const s of extraStores.splice(0)) await s.close();
  await n?.stop();
  n = undefined!;
});

/** Tuesday 2026-12-01 08:00 UTC: the schedules below are due at 09:00 UTC on weekdays. */
const T0 = Date.parse("2026-12-01T08:00:00Z");
const DUE = Date.parse("2026-12-01T09:00:00Z");

async function setUp(user: { trx?: string; dailyLimitTrx?: string } = {}) {
  n = await startNoticesHarness({ startSender: true });
  const { accountId, keyId } = await n.h.givenUserWithKey(USER, { scope: "purchase", trx: user.trx ?? "1000", dailyLimitTrx: user.dailyLimitTrx });
  await n.h.store.recentAddresses.remember(USER, ADDRESS);
  await n.h.store.recentAddresses.setLabel(USER, ADDRESS, "Main wallet");
  return { accountId, keyId };
}

function schedule(keyId: number, overrides: Partial<NewSchedule> = {}): NewSchedule {
  return { userId: USER, keyId, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1h", days: "12345", time: "09:00", timeZone: "UTC", notify: "all", ...overrides };
}

/** POST /orders as the runner makes it: counted, and its answer lost on demand (the order made, the reply gone). */
const wire = { keys: [] as string[], dropNext: false };

/** A runner on the test's clock, over `store` (another replica's store when given). */
function runnerAt(clock: { now: number }, store: Store = n.h.store) {
  const marketplace: Marketplace = {
    public: n.h.marketplace.public,
    close: () => Promise.resolve(),
    forKey(apiKey) {
      const client: MarketplaceClient = n.h.marketplace.forKey(apiKey);
      const place = client.placeOrder.bind(client);
      client.placeOrder = async (body, options) => {
        wire.keys.push(options.idempotencyKey);
        const order = await place(body, options);
        if (wire.dropNext) {
          wire.dropNext = false;
          throw new MarketplaceError("timeout", "POST /api/v1/orders: no complete response within 15000 ms");
        }
        return order;
      };
      return client;
    },
  };
  return createScheduleRunner({ store, marketplace, notifier: n.notifier, logger: n.h.deps.logger, now: () => clock.now, prices: n.h.deps.prices, concurrency: 2 });
}

async function scheduleNotices(): Promise<string[]> {
  await n.sender.drain();
  return n.h.tg
    .callsOf("sendMessage")
    // (the /schedule card starts with its bold title)
    .filter((c) => c.payload.chat_id === USER && textOf(c.payload).startsWith("🗓") && !textOf(c.payload).startsWith("🗓 <b>"))
    .map((c) => textOf(c.payload));
}

/** A user with a key and a saved "Main wallet": /schedule (no schedule yet), New schedule, at the address step. */
async function newScheduleFlow() {
  await setUp();
  const { tg } = n.h;
  await tg.sendText({ userId: USER, text: "/schedule" });
  await tg.waitForCall("sendMessage", (p) => textOf(p).includes(en("schedule-none")));
  await tg.tapButton({ userId: USER, text: en("schedule-button-new") });
  await tg.waitForCall("editMessageText", (p) => enAny("schedule-ask-address", "schedule-ask-address-saved").test(textOf(p)));
  return tg;
}

describe(`scheduled purchases (${testEngine})`, () => {
  it("/schedule: created step by step (bad answers asked again), listed, paused, resumed and deleted", async () => {
    const tg = await newScheduleFlow();

    await tg.sendText({ userId: USER, text: "my wallet" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-address-invalid", { text: "my wallet" }).test(textOf(p)));
    await tg.tapButton({ userId: USER, text: /Main wallet/ });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-volume").test(textOf(p)) && textOf(p).includes("Main wallet"));
    await tg.sendText({ userId: USER, text: "5" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-volume-bad").test(textOf(p)));
    await tg.sendText({ userId: USER, text: "131000" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-duration").test(textOf(p)));
    await tg.tapButton({ userId: USER, text: "1 hour" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-days").test(textOf(p)));
    await tg.tapButton({ userId: USER, text: en("schedule-button-weekdays") });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-ask-time")));
    await tg.sendText({ userId: USER, text: "25:00" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-time-bad", { text: "25:00" }).test(textOf(p)));
    await tg.sendText({ userId: USER, text: "9:00" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-zone", { time: "09:00" }).test(textOf(p)));
    await tg.sendText({ userId: USER, text: "Mars/Olympus" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-zone-bad", { text: "Mars/Olympus" }).test(textOf(p)));
    expect(await n.h.store.schedules.listByUser(USER)).toEqual([]);
    await tg.sendText({ userId: USER, text: "europe/moscow" });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-ask-notify")));
    await tg.tapButton({ userId: USER, text: en("schedule-button-notify-failures") });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-max").test(textOf(p)) && PRICE.test(textOf(p)));
    await tg.sendText({ userId: USER, text: "cheap" });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-max-bad")));
    await tg.sendText({ userId: USER, text: "50" });
    const preview = await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-preview-title")));
    expect(textOf(preview.payload)).toContain(en("schedule-preview-max", { max: "<code>50.00 TRX</code>" }));
    expect(textOf(preview.payload)).toContain(en("schedule-when", { days: en("schedule-days-weekdays"), time: "09:00", zone: "Europe/Moscow" }));
    expect(textOf(preview.payload)).toMatch(enPattern("schedule-preview-price"));
    expect(textOf(preview.payload)).toMatch(PRICE);
    expect(textOf(preview.payload)).toMatch(enPattern("schedule-preview-next"));
    await tg.tapButton({ userId: USER, text: en("schedule-button-save") });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-saved", { what: WHAT }).test(textOf(p)) && textOf(p).includes("Main wallet"));

    const [saved] = await n.h.store.schedules.listByUser(USER);
    expect(saved).toMatchObject({ targetAddress: ADDRESS, volume: "131000", duration: "1h", days: "12345", time: "09:00", timeZone: "Europe/Moscow", notify: "failures", maxSun: "50000000", paused: false });

    await tg.tapButton({ userId: USER, text: en("schedule-button-list") });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-line", { n: 1, what: WHAT, when: en("schedule-when", { days: en("schedule-days-weekdays"), time: "09:00", zone: "Europe/Moscow" }) }).test(textOf(p)) && textOf(p).includes("Main wallet · <code>TLa2") && enPattern("schedule-line-next").test(textOf(p)) && textOf(p).includes(en("schedule-line-max", { max: "<code>50.00 TRX</code>" })));
    await tg.tapButton({ userId: USER, text: en("schedule-button-pause", { n: 1 }) });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-line-paused", { n: 1, what: WHAT }).test(textOf(p)));
    expect((await n.h.store.schedules.listByUser(USER))[0]!.paused).toBe(true);
    await tg.tapButton({ userId: USER, text: en("schedule-button-resume", { n: 1 }) });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-line", { n: 1, what: WHAT }).test(textOf(p)));
    expect((await n.h.store.schedules.listByUser(USER))[0]!.paused).toBe(false);
    await tg.tapButton({ userId: USER, text: en("schedule-button-delete", { n: 1 }) });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-none")));
    expect(await n.h.store.schedules.listByUser(USER)).toEqual([]);
  });

  it("chosen days (none is asked again), a zone by its button, no maximum; Cancel at the preview saves nothing", async () => {
    const tg = await newScheduleFlow();
    await tg.sendText({ userId: USER, text: "main wallet" }); // the saved name, in any case
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-volume").test(textOf(p)) && textOf(p).includes("Main wallet"));
    await tg.tapButton({ userId: USER, text: /^65,000/ });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-duration").test(textOf(p)));
    await tg.tapButton({ userId: USER, text: "1 day" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-days").test(textOf(p)));
    await tg.tapButton({ userId: USER, text: en("schedule-button-choose-days") });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-ask-choose-days")));
    await tg.tapButton({ userId: USER, text: en("schedule-button-days-done") });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-days-none")));
    await tg.tapButton({ userId: USER, text: "Sat" });
    await tg.waitForCall("editMessageText", (p) => JSON.stringify(p.reply_markup).includes("✅ Sat"));
    await tg.tapButton({ userId: USER, text: "Mon" });
    await tg.waitForCall("editMessageText", (p) => JSON.stringify(p.reply_markup).includes("✅ Mon"));
    await tg.tapButton({ userId: USER, text: en("schedule-button-days-done") });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-ask-time")));
    await tg.sendText({ userId: USER, text: "21.30" });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-zone", { time: "21:30" }).test(textOf(p)));
    await tg.tapButton({ userId: USER, text: "Asia/Shanghai" });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-ask-notify")));
    await tg.tapButton({ userId: USER, text: en("schedule-button-notify-all") });
    await tg.waitForCall("editMessageText", (p) => enPattern("schedule-ask-max").test(textOf(p)));
    await tg.tapButton({ userId: USER, text: en("schedule-button-no-max") });
    const preview = await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("schedule-preview-title")));
    expect(textOf(preview.payload)).toMatch(enPattern("schedule-preview-what", { what: en("schedule-what", { volume: "65,000", duration: "1 day" }) }));
    expect(textOf(preview.payload)).toContain("Main wallet");
    expect(textOf(preview.payload)).toContain(en("schedule-when", { days: "Mon and Sat", time: "21:30", zone: "Asia/Shanghai" }));
    expect(textOf(preview.payload)).not.toMatch(enPattern("schedule-preview-max"));
    await tg.tapButton({ userId: USER, text: en("button-cancel") });
    await tg.waitForCall("editMessageText", (p) => textOf(p).includes(en("cancel-done")));
    expect(await n.h.store.schedules.listByUser(USER)).toEqual([]);
  });

  it("runs each due time once: ticks again, a second runner over the same database, the next minute; the notice once", async () => {
    const { accountId, keyId } = await setUp();
    wire.keys = [];
    await n.h.store.schedules.add(schedule(keyId), T0);
    const clock = { now: DUE - 30_000 };
    const a = runnerAt(clock);
    // PostgreSQL: another replica's store over the same database; SQLite has one process, so another runner in it
    const other = testEngine === "pg" ? await openStore(n.h.location, n.h.sealer) : n.h.store;
    if (other !== n.h.store) extraStores.push(other);
    const b = runnerAt(clock, other);

    await a.tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);
    clock.now = DUE + 5_000;
    await Promise.all([a.tick(), b.tick()]);
    await a.tick();
    clock.now = DUE + MINUTE;
    await Promise.all([b.tick(), a.tick()]);
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(wire.keys).toEqual([runIds(1, DUE).idempotencyKey]);

    const [s] = await n.h.store.schedules.listByUser(USER);
    const runs = await n.h.store.schedules.listRuns(s!.id);
    expect(runs.map((r) => [r.dueAt, r.state])).toEqual([[DUE, "placed"]]);
    const intent = await n.h.store.orders.get(runs[0]!.intentId!);
    expect(intent).toMatchObject({ state: "placed", idempotencyKey: runIds(s!.id, DUE).idempotencyKey, targetAddress: ADDRESS, volume: "131000", duration: "1h" });

    const told = await scheduleNotices();
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("Scheduled purchase placed: 131,000 energy · 1 hour for Main wallet");
    expect(told[0]).toContain("Next run: Wed, Dec 2, 09:00");

    // the next weekday runs again, with a key of its own
    clock.now = DUE + 24 * 60 * MINUTE + 5_000;
    await a.tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(2);
    expect(new Set(wire.keys).size).toBe(2);
  });

  it("a time missed by up to 10 minutes runs late; an older one is skipped and told, never bought", async () => {
    const { accountId, keyId } = await setUp();
    await n.h.store.schedules.add(schedule(keyId), T0);
    const clock = { now: DUE + 7 * MINUTE };
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);

    // the bot was down from before Wednesday's 09:00 until 09:11
    clock.now = DUE + 24 * 60 * MINUTE + LATE_MS + MINUTE;
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);
    const [s] = await n.h.store.schedules.listByUser(USER);
    expect((await n.h.store.schedules.listRuns(s!.id)).map((r) => [r.state, r.reason])).toEqual([
      ["placed", null],
      ["skipped", "late"],
    ]);
    const told = await scheduleNotices();
    expect(told).toHaveLength(2);
    expect(told[1]).toContain("Scheduled purchase skipped: 131,000 energy · 1 hour for Main wallet");
    expect(told[1]).toContain("could not run it within 10 minutes of its time, so nothing was bought");
  });

  it("a run whose leader died is taken up again: claimed only, or sent with its answer lost; one order, the same key", async () => {
    const { accountId, keyId } = await setUp();
    wire.keys = [];
    const s = (await n.h.store.schedules.add(schedule(keyId), T0))!;
    // a leader claimed 09:00 and died before doing anything
    await n.h.store.schedules.claimRun(s.id, DUE, USER, DUE + 1_000);
    const clock = { now: DUE + 1_000 + RETRY_MS / 2 };
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0); // still its leader's, for all this runner knows
    clock.now = DUE + 1_000 + RETRY_MS + 1;
    // the order is made, its answer lost: the run stays placing
    wire.dropNext = true;
    await runnerAt(clock).tick();
    expect((await n.h.store.schedules.getRun(s.id, DUE))!.state).toBe("placing");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);
    // a new leader a minute later sends the same key again: the marketplace answers with the same order
    clock.now += MINUTE;
    await runnerAt(clock).tick();
    expect((await n.h.store.schedules.getRun(s.id, DUE))!.state).toBe("placed");
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);
    expect(wire.keys).toEqual([runIds(s.id, DUE).idempotencyKey, runIds(s.id, DUE).idempotencyKey]);
    expect(await scheduleNotices()).toHaveLength(1);
  });

  it("a short balance skips the run and says what is missing; only-failures keeps a placed run quiet", async () => {
    const { accountId, keyId } = await setUp({ trx: "1" });
    await n.h.store.schedules.add(schedule(keyId, { notify: "failures" }), T0);
    const clock = { now: DUE + 5_000 };
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);
    let told = await scheduleNotices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(enPattern("notice-schedule-skipped"));
    expect(told[0]).toMatch(enPattern("notice-schedule-why-balance", { balance: "<code>1.00 TRX</code>" }));

    n.h.sandbox.control.deposit(accountId, "500");
    clock.now += 24 * 60 * MINUTE;
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(1);
    told = await scheduleNotices();
    expect(told).toHaveLength(1);
  });

  it("a price above the schedule's maximum skips the run and says both prices", async () => {
    const { accountId, keyId } = await setUp();
    await n.h.store.schedules.add(schedule(keyId, { maxSun: 1_000_000n }), T0);
    await runnerAt({ now: DUE + 5_000 }).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);
    const told = await scheduleNotices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(enPattern("notice-schedule-skipped"));
    expect(told[0]).toMatch(enPattern("notice-schedule-why-price", { max: "<code>1.00 TRX</code>" }));
  });

  it("the key's monthly budget reached, or its daily spend limit: skipped and told", async () => {
    const { accountId, keyId } = await setUp({ dailyLimitTrx: "1" });
    await n.h.store.schedules.add(schedule(keyId), T0);
    const clock = { now: DUE + 5_000 };
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);
    let told = await scheduleNotices();
    expect(told.at(-1)).toContain(en("notice-schedule-why-cap"));

    n.h.sandbox.control.setKeyLimit((await n.h.store.apiKeys.reveal((await n.h.store.apiKeys.get(USER, keyId))!)), null);
    await n.h.store.keyBudgets.set(USER, keyId, 0n, clock.now);
    clock.now += 24 * 60 * MINUTE;
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);
    told = await scheduleNotices();
    expect(told).toHaveLength(2);
    expect(told[1]).toMatch(enPattern("notice-schedule-why-budget"));
  });

  it("in the user's language (ru): the card and a run's notice", async () => {
    const { keyId } = await setUp();
    await n.h.store.users.setLanguage(USER, "ru");
    await n.h.store.schedules.add(schedule(keyId, { days: "135", timeZone: "Europe/Moscow", time: "12:00" }), T0);
    await n.h.tg.sendText({ userId: USER, text: "/schedule", languageCode: "ru" });
    const card = await n.h.tg.waitForCall("sendMessage", (p) => textOf(p).includes(tr("ru", "schedule-title")));
    expect(textOf(card.payload)).toMatch(/1\. ▶️ 131\s000 энергии · 1 час для Main wallet/u);
    expect(textOf(card.payload)).toMatch(/пн, ср и пт в 12:00 \(Europe\/Moscow\)/);
    // Tuesday 12:00 in Moscow is not a day of this schedule; Wednesday 09:00 UTC is 12:00 there
    const clock = { now: DUE + 24 * 60 * MINUTE + 5_000 };
    await runnerAt(clock).tick();
    const told = await scheduleNotices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/Покупка по расписанию выполнена: 131\s000 энергии · 1 час для Main wallet/u);
    expect(told[0]).toContain("Следующая покупка: пт, 4 дек., 12:00 (Europe/Moscow)");
  });

  it("with notices also going to a group: the group's copy says only what happened (no amount, no button)", async () => {
    const { keyId } = await setUp();
    const GROUP = -1_009_501_000_001;
    await n.h.store.noticeChats.choose(USER, { chatId: GROUP, kind: "supergroup", title: "Energy desk" });
    await n.h.store.schedules.add(schedule(keyId), T0);
    await runnerAt({ now: DUE + 5_000 }).tick();
    const { db, t: tables } = n.h.store.raw.conn;
    const rows = (await db.select().from(tables.outbox)).filter((r) => r.dedupeKey.startsWith("schedule:"));
    const inGroup = rows.find((r) => r.chatId === GROUP);
    const inPrivate = rows.find((r) => r.chatId === USER);
    expect(inGroup?.text).toBe(en("notice-brief-schedule-placed", { target: "Main wallet", what: WHAT }));
    expect(inGroup?.replyMarkup ?? null).toBeNull();
    expect(inPrivate?.text).toMatch(enPattern("notice-schedule-placed"));
  });

  it("a paused schedule does not run, and resumed it does not tell the times it missed while paused", async () => {
    const { accountId, keyId } = await setUp();
    const s = (await n.h.store.schedules.add(schedule(keyId), T0))!;
    // another user's id never pauses or deletes it (a forged button's payload)
    expect(await n.h.store.schedules.setPaused(USER + 1, s.id, true, T0)).toBe(false);
    expect(await n.h.store.schedules.remove(USER + 1, s.id)).toBe(false);
    await n.h.store.schedules.setPaused(USER, s.id, true, T0);
    const clock = { now: DUE + 5_000 };
    await runnerAt(clock).tick();
    expect(n.h.sandbox.control.orderCount(accountId)).toBe(0);
    await n.h.store.schedules.setPaused(USER, s.id, false, DUE + 20 * MINUTE);
    clock.now = DUE + 21 * MINUTE;
    await runnerAt(clock).tick();
    expect(await n.h.store.schedules.listRuns(s.id)).toEqual([]);
    expect(await scheduleNotices()).toEqual([]);
  });
});
