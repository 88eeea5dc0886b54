/**
 * The monthly statement on the 1st (issue 32, item 6): turned on in /settings, the statement
 * watcher's tick on the 1st brings the month that ended into the chat (in the user's language,
 * here Chinese) as /statement shows it: the card, the chart by day (PNG) and the CSV, all three
 * through the outbox and its paced sender. Once, across two ticks and across a restart; nothing for
 * a user who left it off; a file Telegram fails to take is sent again, once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { createFormatter } from "../../src/format/formatter.js";
import { createStatementWatcher } from "../../src/watch/statement.js";
import type { WatchDeps } from "../../src/watch/deps.js";
import { monthIso, monthOf, monthRange, shiftMonth } from "../../src/statements/month.js";
import { CSV_COLUMNS } from "../../src/statements/csv.js";
import { sunToTrx, trxToSun } from "../../src/tron/amounts.js";
import type { Harness } from "../support/harness.js";
import type { RecordedCall } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { pngSize } from "../support/png.js";
import { parseCsv } from "../support/csv.js";
import { confirm, freshAddress, previewByOneLiner } from "./buy-support.js";

const USER = 32_611;
const OTHER = 32_612;
const tr = loadTranslations("en");
const zh = (key: string, vars?: Record<string, string | number>) => tr.t("zh", key, vars);
const zhFmt = createFormatter("zh");

let nh: NoticesHarness | undefined;
afterEach(async () => {
  await nh?.stop();
  nh = undefined;
});

const messageId = (call: RecordedCall) => (call.response as { result: { message_id: number } }).result.message_id;

/** The statement watcher as the leader runs it, ticking on the 1st of next month at 00:10 UTC. */
function watcherOnThe1st(nh: NoticesHarness) {
  const { h } = nh;
  const thisMonth = monthOf(Date.now());
  const deps: WatchDeps = {
    get store() {
      return h.store;
    },
    marketplace: h.marketplace,
    get notifier() {
      return nh.notifier;
    },
    get logger() {
      return h.deps.logger;
    },
    now: () => monthRange(shiftMonth(thisMonth, 1)).from + 10 * 60_000,
    prices: h.deps.prices,
    concurrency: 2,
  };
  return { watcher: createStatementWatcher(deps), thisMonth };
}

/** Turns the statement on in /settings, in Chinese (the card edited in place). */
async function turnOnInSettings(h: Harness, userId: number): Promise<void> {
  await h.tg.sendText({ userId, text: "/settings", languageCode: "zh" });
  const settings = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === userId && String(p.text).includes(zh("settings-statement-off")));
  await h.tg.tapButton({ userId, text: zh("settings-button-statement-on"), languageCode: "zh" });
  await h.tg.waitForCall("editMessageText", (p) => p.message_id === messageId(settings) && String(p.text).includes(zh("settings-statement-on")));
}

/** Two orders of the user this month (placed and confirmed in the chat); their order rows. */
async function twoOrders(h: Harness, userId: number) {
  const orders = [];
  for (const line of [`energy ${freshAddress()} 65k 1h`, `energy ${freshAddress()} 131k 1h`]) {
    const { intentId } = await previewByOneLiner(h, userId, line);
    await confirm(h, userId, intentId, /Status/);
    orders.push((await h.store.orders.get(intentId))!);
  }
  return orders;
}

const statementCards = (h: Harness, chatId: number, title: string) => h.tg.callsOf("sendMessage").filter((c) => c.payload.chat_id === chatId && String(c.payload.text).startsWith(title));
const filesTo = (h: Harness, chatId: number) => ({
  photos: h.tg.callsOf("sendPhoto").filter((c) => c.payload.chat_id === chatId),
  documents: h.tg.callsOf("sendDocument").filter((c) => c.payload.chat_id === chatId),
});

describe("the statement on the 1st", () => {
  it("brings the card, the chart and the CSV once, across two ticks and a restart, and nothing to a user who left it off", async () => {
    nh = await startNoticesHarness({ startSender: true });
    const { h } = nh;
    await h.givenUserWithKey(USER, { trx: "1000" });
    await h.givenUserWithKey(OTHER, { trx: "1000" });
    const orders = await twoOrders(h, USER);
    // the other user bought too, but left the statement off
    await twoOrders(h, OTHER);
    await turnOnInSettings(h, USER);
    expect((await h.store.users.get(USER))?.monthlyStatement).toBe(true);
    expect((await h.store.users.get(OTHER))?.monthlyStatement).toBe(false);

    const { watcher, thisMonth } = watcherOnThe1st(nh);
    await watcher.tick();
    await watcher.tick();
    const title = zh("statement-title", { month: `<b>${zhFmt.month(monthRange(thisMonth).from)}</b>` });
    const card = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).startsWith(title));
    const photo = await h.tg.waitForCall("sendPhoto", (p) => p.chat_id === USER);
    const document = await h.tg.waitForCall("sendDocument", (p) => p.chat_id === USER);
    await nh.sender.drain();

    // the card: the month's two orders and what they cost
    const paidSun = orders.reduce((sum, o) => sum + trxToSun(o.totalTrx!), 0n);
    expect(String(card.payload.text)).toContain(zh("statement-purchases", { orders: "<b>2</b>", firings: "<b>0</b>" }));
    expect(String(card.payload.text)).toContain(zh("statement-paid", { trx: `<b>${zhFmt.trx(paidSun)}</b>` }));
    // then the chart, then the CSV: the chat's notices leave in the order they were stored
    expect(messageId(card)).toBeLessThan(messageId(photo));
    expect(messageId(photo)).toBeLessThan(messageId(document));
    const name = zhFmt.month(monthRange(thisMonth).from);
    expect(photo.payload.caption).toBe(zh("statement-chart-caption", { month: name }));
    expect(pngSize(h.tg.photoBytes(USER, messageId(photo))!).width).toBeGreaterThan(0);
    expect(document.payload.caption).toBe(zh("statement-csv-caption", { month: name }));
    expect(h.tg.messages(USER).find((m) => m.messageId === messageId(document))?.document?.fileName).toBe(`statement-${monthIso(thisMonth)}.csv`);

    // the CSV: one line per order, and its sums are the orders'
    const csv = h.tg.documentBytes(USER, messageId(document))!.toString("utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, ...lines] = parseCsv(csv.slice(1));
    expect(header).toEqual([...CSV_COLUMNS]);
    const column = (name: (typeof CSV_COLUMNS)[number]) => header!.indexOf(name);
    expect(lines.map((l) => l[column("reference")])).toEqual(orders.map((o) => o.orderId));
    expect(sunToTrx(lines.reduce((sum, l) => sum + trxToSun(l[column("paid_trx")]!), 0n))).toBe(sunToTrx(paidSun));
    expect(lines.reduce((sum, l) => sum + BigInt(l[column("volume")]!), 0n)).toBe(orders.reduce((sum, o) => sum + BigInt(o.volume), 0n));

    // the files' bytes are not kept once sent
    const rows = await h.store.outbox.listForChat(USER);
    const fileRows = rows.filter((r) => r.fileKind !== null);
    expect(fileRows.map((r) => [r.fileKind, r.status, r.fileBase64])).toEqual([
      ["photo", "sent", null],
      ["document", "sent", null],
    ]);

    // a restart, and the 1st's tick again (another replica, a retried slot): nothing more
    await h.restart();
    await watcher.tick();
    expect(await nh.notifier.monthlyStatement(USER, thisMonth, () => Promise.reject(new Error("a statement told is not made again")))).toBe(false);
    const after = nh.newSender();
    await after.start();
    await after.drain();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statementCards(h, USER, title)).toHaveLength(1);
    expect(filesTo(h, USER).photos).toHaveLength(1);
    expect(filesTo(h, USER).documents).toHaveLength(1);

    // the user who left it off: no statement, no file
    expect(statementCards(h, OTHER, title)).toEqual([]);
    expect(filesTo(h, OTHER)).toEqual({ photos: [], documents: [] });
    expect((await h.store.outbox.listForChat(OTHER)).filter((r) => r.dedupeKey.startsWith("statement:"))).toEqual([]);
  });

  it("is stored whole before the sender runs, survives a restart unsent, and a file Telegram fails to take is sent again, once", async () => {
    nh = await startNoticesHarness({ startSender: false });
    const { h } = nh;
    await h.givenUserWithKey(USER, { trx: "1000" });
    const orders = await twoOrders(h, USER);
    await turnOnInSettings(h, USER);

    const { watcher, thisMonth } = watcherOnThe1st(nh);
    await watcher.tick();
    const stored = (await h.store.outbox.listForChat(USER)).filter((r) => r.dedupeKey.startsWith("statement:"));
    expect(stored.map((r) => [r.fileKind, r.status])).toEqual([
      [null, "pending"],
      ["photo", "pending"],
      ["document", "pending"],
    ]);
    expect(h.tg.callsOf("sendPhoto")).toEqual([]);

    // the process stops before sending; the next one ticks again and sends what was stored, once
    await h.restart();
    await watcher.tick();
    expect((await h.store.outbox.listForChat(USER)).filter((r) => r.dedupeKey.startsWith("statement:"))).toHaveLength(3);
    // Telegram fails the CSV's upload once (a 502): the sender tries it again after its backoff
    h.tg.failNext("sendDocument", { code: 502 });
    const sender = nh.newSender();
    await sender.start();
    await sender.drain();
    const title = zh("statement-title", { month: `<b>${zhFmt.month(monthRange(thisMonth).from)}</b>` });
    expect(statementCards(h, USER, title)).toHaveLength(1);
    expect(filesTo(h, USER).photos).toHaveLength(1);
    const documents = filesTo(h, USER).documents;
    // two calls: the one refused, the one delivered
    expect(documents).toHaveLength(2);
    expect(sender.figures().retried).toBe(1);
    const delivered = documents.find((c) => (c.response as { ok: boolean }).ok)!;
    const lines = parseCsv(h.tg.documentBytes(USER, messageId(delivered))!.toString("utf8").slice(1)).slice(1);
    expect(lines).toHaveLength(orders.length);
    const csvRow = (await h.store.outbox.listForChat(USER)).find((r) => r.fileKind === "document")!;
    expect([csvRow.status, csvRow.attempts]).toEqual(["sent", 2]);
  });
});
