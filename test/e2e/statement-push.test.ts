/**
 * The monthly statement on the 1st (issue 32, item 6): turned on in /settings, the statement
 * watcher's tick on the 1st enqueues one notice for the month that ended (in the user's language,
 * here Chinese) — once, across two ticks — and nothing for a user who left it off; the notice's
 * button brings the statement, its chart and its CSV into the chat.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startNoticesHarness, type NoticesHarness } from "../support/notices-harness.js";
import { loadTranslations } from "../../src/i18n/translations.js";
import { createFormatter } from "../../src/format/formatter.js";
import { createStatementWatcher } from "../../src/watch/statement.js";
import type { WatchDeps } from "../../src/watch/deps.js";
import { monthOf, monthRange, shiftMonth } from "../../src/statements/month.js";
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

describe("the statement on the 1st", () => {
  it("is told once for the month that ended, only to who turned it on, and its button brings the statement", async () => {
    nh = await startNoticesHarness({ startSender: true });
    const { h } = nh;
    await h.givenUserWithKey(USER, { trx: "1000" });
    await h.givenUserWithKey(OTHER, { trx: "1000" });
    const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    await confirm(h, USER, intentId, /Status/);

    // /settings in Chinese: the toggle is off, one tap turns it on (the card in place)
    await h.tg.sendText({ userId: USER, text: "/settings", languageCode: "zh" });
    const settings = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes(zh("settings-statement-off")));
    await h.tg.tapButton({ userId: USER, text: zh("settings-button-statement-on"), languageCode: "zh" });
    const settingsId = (settings.response as { result: { message_id: number } }).result.message_id;
    await h.tg.waitForCall("editMessageText", (p) => p.message_id === settingsId && String(p.text).includes(zh("settings-statement-on")));
    expect((await h.store.users.get(USER))?.monthlyStatement).toBe(true);
    expect((await h.store.users.get(OTHER))?.monthlyStatement).toBe(false);

    // the 1st of next month at 00:10 UTC: the month that ended is this one, with the order above
    const thisMonth = monthOf(Date.now());
    const firstOfNext = monthRange(shiftMonth(thisMonth, 1)).from + 10 * 60_000;
    const watchDeps: WatchDeps = {
      get store() {
        return h.store;
      },
      marketplace: h.marketplace,
      notifier: nh.notifier,
      logger: h.deps.logger,
      now: () => firstOfNext,
      prices: h.deps.prices,
      concurrency: 2,
    };
    const watcher = createStatementWatcher(watchDeps);
    await watcher.tick();
    await watcher.tick();
    const monthName = `<b>${zhFmt.month(monthRange(thisMonth).from)}</b>`;
    const notice = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text) === zh("notice-statement", { month: monthName }));
    // a third look (another replica, a restart) finds it told
    expect(await nh.notifier.monthlyStatement(USER, thisMonth)).toBe(false);

    const noticeId = (notice.response as { result: { message_id: number } }).result.message_id;
    await h.tg.tapButton({ userId: USER, messageId: noticeId, text: zh("notice-statement-button"), languageCode: "zh" });
    const card = await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes(zh("statement-title", { month: monthName })));
    expect(String(card.payload.text)).toContain(zh("statement-purchases", { orders: "<b>1</b>", firings: "<b>0</b>" }));
    const photo = await h.tg.waitForCall("sendPhoto", (p) => p.chat_id === USER);
    expect(pngSize(h.tg.photoBytes(USER, (photo.response as { result: { message_id: number } }).result.message_id)!).width).toBeGreaterThan(0);
    const document = await h.tg.waitForCall("sendDocument", (p) => p.chat_id === USER);
    const csv = h.tg.documentBytes(USER, (document.response as { result: { message_id: number } }).result.message_id)!.toString("utf8");
    const rows = parseCsv(csv.slice(1));
    expect(rows).toHaveLength(2);
    const order = (await h.store.orders.get(intentId))!;
    expect(rows[1]).toContain(order.orderId);

    // the notices sent, in any language: those with the statement's button
    const told = h.tg.callsOf("sendMessage").filter((c) => JSON.stringify(c.payload.reply_markup ?? "").includes("stmt.get:"));
    expect(told.map((c) => c.payload.chat_id)).toEqual([USER]);
  });
});
