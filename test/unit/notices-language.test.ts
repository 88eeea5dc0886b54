/**
 * Issue 30, item 1: every kind of pushed notice, for a user who never used /language, is in the
 * language of their Telegram language_code (as the chat's answers are), with no text of another
 * language. What is expected is rendered from the locale files, for each locale, by the same
 * render functions: the stored notice must be its own locale's and share no line with the others'.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createNotifier, NoticeKeys, type Notifier } from "../../src/notices/notifier.js";
import { createNoticeTranslator } from "../../src/notices/translations.js";
import {
  renderBalanceLow,
  renderOrderFailed,
  renderOrderFilled,
  renderRuleFired,
  renderRulePaused,
  renderRulesPaused,
  renderRuleResumed,
  renderSettledCard,
  renderWebhookPing,
  renderDepositArrived,
  renderPriceAlert,
  type Notice,
  type NoticeLocale,
} from "../../src/notices/render.js";
import { createFormatter } from "../../src/format/formatter.js";
import { renderBudgetReached, renderBudgetResumed, renderBudgetWarning } from "../../src/notices/render-budget.js";
import { renderCapPaused, renderCapResumed } from "../../src/notices/render-price-cap.js";
import { renderScheduleRun } from "../../src/notices/render-schedule.js";
import type { ScheduleRunNotice } from "../../src/schedules/outcome.js";
import { SUPPORTED_LOCALES, type Locale } from "../../src/config.js";
import { pickLocale } from "../../src/i18n/locale.js";
import type { AutomationRule, RuleFiring } from "../../src/marketplace/index.js";
import type { EventOrder } from "../../src/orders/event-order.js";
import { createTestDatabase, type TestDatabase } from "../support/test-store.js";

const NOW = Date.parse("2026-11-24T03:00:00Z");
const ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const translator = createNoticeTranslator("en");
const localeOf = (locale: Locale): NoticeLocale => ({ t: (key, vars) => translator.t(locale, key, vars), fmt: createFormatter(locale) });

const order = (id: string, status: string): EventOrder => ({ id, status, resource: "energy", targetAddress: ADDRESS, volume: 131_000n, duration: "1d", totalTrx: "7.860000", txId: "ab".repeat(32) });
const rule = { id: "9a8b7c6d-2222-4333-8444-955566667777", type: "auto-refill", targetAddress: ADDRESS, autoResume: true, updatedAt: "2026-11-24T02:00:00Z" } as AutomationRule;
const rule2 = { ...rule, id: "9a8b7c6d-2222-4333-8444-955566667778", type: "renewal", autoResume: false } as AutomationRule;
const firing: RuleFiring = { volume: 65_000n, duration: "1h", priceTrx: "3.930000", createdAt: "2026-11-24T02:30:00Z" };
const shortfall = { priceSun: 3_930_000n, balanceSun: 1_000_000n, missingSun: 2_930_000n };
const runway = { transfers: { count: 12n, priceSun: 3_930_000n }, rules: { dailySun: 7_860_000n, days: 3n } };

const arrived = { trxSun: 100_000_000n, usdtUnits: 0n };
const alert = { volume: 65_000n, duration: "1h", belowSun: 4_000_000n };
const budgetKey = { label: "Main", fingerprint: "ab12" };
const spend = { month: "2026-11", budgetSun: 100_000_000n, spentSun: 100_500_000n };
const capRule = { ...rule, volume: 131_000n } as AutomationRule;
const capSeen = { priceSun: 9_100_000n, capSun: 8_000_000n };
const scheduleRun = (kind: "placed" | "skipped"): ScheduleRunNotice => ({
  schedule: { id: 4, targetAddress: ADDRESS, volume: "131000", duration: "1h", days: "12345", time: "09:00", timeZone: "Europe/Moscow" },
  dueAt: kind === "placed" ? NOW : NOW + 60_000,
  outcome: kind === "placed" ? { kind, orderId: orderId(9), totalTrx: "8.646000" } : { kind, reason: "balance", detail: { balanceSun: 1_000_000n, totalSun: 8_646_000n } },
  nextAt: NOW + 86_400_000,
});

/** Each kind: how the notifier is asked for it, the outbox row it leaves (by dedupe key), and its rendering. */
interface Kind {
  name: string;
  push(notifier: Notifier, store: Store, userId: number): Promise<unknown>;
  key(userId: number): string;
  render(l: NoticeLocale): Notice;
}
/** One order per kind (dedupe keys and card places are per chat, so every user can have it). */
const orderId = (n: number) => `6f1c2b4a-1111-4222-8333-00000000000${n}`;
const KINDS: Kind[] = [
  {
    name: "order filled",
    push: (n, _s, u) => n.orderFilled(u, order(orderId(1), "Filled")),
    key: (u) => `${NoticeKeys.orderFilled(orderId(1))}@${u}`,
    render: (l) => renderOrderFilled(order(orderId(1), "Filled"), l),
  },
  {
    name: "order failed",
    push: (n, _s, u) => n.orderFailed(u, order(orderId(2), "Failed")),
    key: (u) => `${NoticeKeys.orderFailed(orderId(2))}@${u}`,
    render: (l) => renderOrderFailed(order(orderId(2), "Failed"), l),
  },
  {
    name: "order card edited on fill",
    push: async (n, s, u) => {
      await s.orderCards.remember(orderId(3), { chatId: u, messageId: 42 });
      return n.orderFilled(u, order(orderId(3), "Filled"));
    },
    key: (u) => NoticeKeys.orderCard(orderId(3), u),
    render: (l) => renderSettledCard(order(orderId(3), "Filled"), "filled", l),
  },
  {
    name: "order card edited on failure",
    push: async (n, s, u) => {
      await s.orderCards.remember(orderId(4), { chatId: u, messageId: 43 });
      return n.orderFailed(u, order(orderId(4), "Failed"));
    },
    key: (u) => NoticeKeys.orderCard(orderId(4), u),
    render: (l) => renderSettledCard(order(orderId(4), "Failed"), "failed", l),
  },
  {
    name: "rule paused (balance)",
    push: (n, _s, u) => n.rulePaused(u, rule, shortfall),
    key: (u) => `${NoticeKeys.rulePaused(rule.id, rule.updatedAt)}@${u}`,
    render: (l) => renderRulePaused(rule, shortfall, l, NOW),
  },
  {
    name: "rule paused (daily limit)",
    push: (n, _s, u) => n.rulePaused(u, { ...rule, updatedAt: "limit" }, { ...shortfall, missingSun: 0n }),
    key: (u) => `${NoticeKeys.rulePaused(rule.id, "limit")}@${u}`,
    render: (l) => renderRulePaused(rule, { ...shortfall, missingSun: 0n }, l, NOW),
  },
  {
    name: "rules paused (several at once)",
    push: (n, _s, u) => n.rulesPaused(u, [{ rule, shortfall }, { rule: rule2, shortfall }]),
    key: (u) => `${NoticeKeys.rulesPaused([rule, rule2])}@${u}`,
    render: (l) => renderRulesPaused([{ rule, shortfall }, { rule: rule2, shortfall }], l, NOW),
  },
  {
    name: "rule resumed",
    push: (n, _s, u) => n.ruleResumed(u, rule),
    key: (u) => `${NoticeKeys.ruleResumed(rule.id, rule.updatedAt)}@${u}`,
    render: (l) => renderRuleResumed(rule, l),
  },
  {
    name: "rule fired",
    push: (n, _s, u) => n.ruleFired(u, rule, firing, 0),
    key: (u) => `${NoticeKeys.ruleFired(rule.id, firing, 0)}@${u}`,
    render: (l) => renderRuleFired(rule, firing, l),
  },
  {
    name: "balance low",
    push: (n, _s, u) => n.balanceLow(u, 1_000_000n, 5_000_000n, 1, runway),
    key: (u) => `${NoticeKeys.balanceLow(u, 1)}@${u}`,
    render: (l) => renderBalanceLow(1_000_000n, 5_000_000n, runway, l),
  },
  {
    name: "webhook ping",
    push: (n, _s, u) => n.webhookPing(u, 7, "evt-1"),
    key: (u) => `${NoticeKeys.webhookPing(7, "evt-1")}@${u}`,
    render: (l) => renderWebhookPing(l),
  },
  {
    name: "deposit arrived",
    push: (n, _s, u) => n.depositArrived(u, 5, 1, arrived, 1_029_300_000n, runway),
    key: (u) => `${NoticeKeys.depositArrived(5, 1)}@${u}`,
    render: (l) => renderDepositArrived(arrived, 1_029_300_000n, runway, l),
  },
  {
    name: "price alert",
    push: (n, _s, u) => n.priceAlert(u, 3, 1, alert, 3_500_000n, ADDRESS),
    key: (u) => `${NoticeKeys.priceAlert(3, 1)}@${u}`,
    render: (l) => renderPriceAlert(alert, 3_500_000n, ADDRESS, l),
  },
  {
    name: "budget warning",
    push: (n, _s, u) => n.budgetWarning(u, 5, budgetKey, { ...spend, spentSun: 85_000_000n }),
    key: (u) => `${NoticeKeys.budgetWarning(5, spend.month)}@${u}`,
    render: (l) => renderBudgetWarning(budgetKey, { ...spend, spentSun: 85_000_000n }, l),
  },
  {
    name: "budget reached",
    push: (n, _s, u) => n.budgetReached(u, 5, "m1", budgetKey, spend, [rule]),
    key: (u) => `${NoticeKeys.budgetReached(5, "m1")}@${u}`,
    render: (l) => renderBudgetReached(budgetKey, spend, [rule], l),
  },
  {
    name: "budget resumed",
    push: (n, _s, u) => n.budgetResumed(u, 5, budgetKey, [rule]),
    key: (u) => `${NoticeKeys.budgetResumed(5, [`${rule.id}:${rule.updatedAt}`])}@${u}`,
    render: (l) => renderBudgetResumed(budgetKey, [rule], l),
  },
  {
    name: "price cap paused a rule",
    push: (n, _s, u) => n.capPaused(u, capRule, 1, capSeen),
    key: (u) => `${NoticeKeys.capPaused(capRule.id, 1)}@${u}`,
    render: (l) => renderCapPaused(capRule, capSeen, l),
  },
  {
    name: "price cap resumed a rule",
    push: (n, _s, u) => n.capResumed(u, capRule, 2, capSeen),
    key: (u) => `${NoticeKeys.capResumed(capRule.id, 2)}@${u}`,
    render: (l) => renderCapResumed(capRule, capSeen, l),
  },
  {
    name: "scheduled purchase placed",
    push: (n, _s, u) => n.scheduleRun(u, scheduleRun("placed")),
    key: (u) => `${NoticeKeys.scheduleRun(4, NOW)}@${u}`,
    render: (l) => renderScheduleRun(scheduleRun("placed"), l),
  },
  {
    name: "scheduled purchase skipped (balance)",
    push: (n, _s, u) => n.scheduleRun(u, scheduleRun("skipped")),
    key: (u) => `${NoticeKeys.scheduleRun(4, NOW + 60_000)}@${u}`,
    render: (l) => renderScheduleRun(scheduleRun("skipped"), l),
  },
  {
    name: "notice chat lost",
    push: (n, _s, u) => n.noticeChatLost(u, "Energy desk", 1),
    key: (u) => `${NoticeKeys.noticeChatLost(u, 1)}@${u}`,
    render: (l) => ({ text: l.t("notice-chat-lost", { chat: "Energy desk" }) }),
  },
];

/** Every line a notice shows: its text's lines and its buttons' labels. */
function linesOf(text: string, replyMarkup: unknown): string[] {
  const buttons = (replyMarkup as { inline_keyboard?: Array<Array<{ text: string }>> } | null)?.inline_keyboard?.flat().map((b) => b.text) ?? [];
  return [...text.split("\n"), ...buttons].filter((line) => line.trim() !== "");
}

let database: TestDatabase;
let store: Store;
let notifier: Notifier;
beforeAll(async () => {
  database = await createTestDatabase();
  store = await openStore(database.location, createSealer([randomBytes(32)]));
  notifier = createNotifier({ store, translator, defaultLocale: "en", now: () => NOW });
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe("every notice kind in the user's Telegram language, without /language", () => {
  const codes = ["en", "ru", "zh", "ru-RU", "zh-hans", "de"];
  it.each(codes.map((code, i) => ({ code, userId: 30_200 + i })))("language_code $code", async ({ code, userId }) => {
    await store.users.touch(userId, userId, code);
    const locale = pickLocale(code, "en");
    for (const kind of KINDS) {
      await kind.push(notifier, store, userId);
      const row = await store.outbox.getByDedupeKey(kind.key(userId));
      expect(row, kind.name).toBeDefined();
      const shown = linesOf(row!.text, row!.replyMarkup === null ? null : JSON.parse(row!.replyMarkup));
      const own = kind.render(localeOf(locale));
      const ownLines = linesOf(own.text, own.replyMarkup ?? null);
      expect(shown, kind.name).toEqual(ownLines);
      for (const other of SUPPORTED_LOCALES.filter((l) => l !== locale)) {
        const theirs = kind.render(localeOf(other));
        const foreign = linesOf(theirs.text, theirs.replyMarkup ?? null).filter((line) => !ownLines.includes(line));
        expect(
          shown.filter((line) => foreign.some((f) => f === line)),
          `${kind.name}: ${other} text in a ${locale} notice`,
        ).toEqual([]);
      }
    }
  });
});
