/**
 * /statement (issue 32, item 6): a month's purchases per key — orders placed through the bot and a
 * rule's firing — as a card that moves between months in place, a PNG chart by day and a CSV whose
 * sums are the orders'; in Russian too; a stale month button changes nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { en, tr } from "../support/locale.js";
import { createFormatter } from "../../src/format/formatter.js";
import { CHART_HEIGHT, CHART_WIDTH } from "../../src/charts/daily-chart.js";
import { CSV_COLUMNS } from "../../src/statements/csv.js";
import { monthCode, monthOf, monthRange, shiftMonth } from "../../src/statements/month.js";
import { StatementButtons } from "../../src/bot/features/statement/callbacks.js";
import { sunToTrx, trxToSun } from "../../src/tron/amounts.js";
import { shortAddress } from "../../src/tron/address.js";
import { pngSize } from "../support/png.js";
import { parseCsv } from "../support/csv.js";
import { confirm, freshAddress, previewByOneLiner } from "./buy-support.js";
import type { Marketplace } from "../../src/marketplace/index.js";

const USER = 32_601;
const ru = (key: string, vars?: Record<string, string | number>) => tr("ru", key, vars);
const fmt = createFormatter("en");

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const sentTo = (chatId: number) => (p: Record<string, unknown>) => p.chat_id === chatId;
const messageIdOf = (response: unknown) => (response as { result: { message_id: number } }).result.message_id;

describe("/statement", () => {
  it("counts two orders and a rule's purchase, sums them in the card and the CSV, charts them, and moves between months", async () => {
    h = await startHarness();
    const { apiKey } = await h.givenUserWithKey(USER, { trx: "1000", scope: "full", label: "Shop" });
    const shop = freshAddress();
    const first = await previewByOneLiner(h, USER, `energy ${shop} 65k 1h`);
    await confirm(h, USER, first.intentId, /Status/);
    const second = await previewByOneLiner(h, USER, `energy ${shop} 131k 1d`);
    await confirm(h, USER, second.intentId, /Status/);
    await h.store.recentAddresses.setLabel(USER, shop, "Shop wallet");
    const ruleAddress = freshAddress();
    const rule = await h.marketplace.forKey(apiKey).createRenewal({ targetAddress: ruleAddress, volume: 65_000n });
    const [firing] = await h.marketplace.forKey(apiKey).ruleFires(rule.id);
    expect(firing).toBeDefined();

    const orders = await Promise.all([first.intentId, second.intentId].map(async (id) => (await h!.store.orders.get(id))!));
    for (const order of orders) expect(order.burnCostTrx, "the preview's burn cost is kept with the order").not.toBeNull();
    const ordersPaid = orders.reduce((sum, o) => sum + trxToSun(o.totalTrx!), 0n);
    const burn = orders.reduce((sum, o) => sum + trxToSun(o.burnCostTrx!), 0n);
    const paid = ordersPaid + trxToSun(firing!.priceTrx);
    const saved = burn - ordersPaid;
    const trx = fmt.trx;

    await h.tg.sendText({ userId: USER, text: "/statement" });
    const card = await h.tg.waitForCall("sendMessage", (p) => sentTo(USER)(p) && String(p.text).includes("Statement"));
    const text = String(card.payload.text);
    const month = monthOf(Date.now());
    expect(text).toContain(en("statement-title", { month: `<b>${fmt.month(monthRange(month).from)}</b>` }));
    expect(text).toContain(en("statement-purchases", { orders: "<b>2</b>", firings: "<b>1</b>" }));
    expect(text).toContain(en("statement-volumes", { energy: "<code>261,000</code>", bandwidth: "<code>0</code>" }));
    expect(text).toContain(en("statement-paid", { trx: `<b>${trx(paid)}</b>` }));
    expect(text).toContain(en("statement-burn", { trx: `<code>${trx(burn)}</code>`, saved: `<b>${trx(saved)}</b>`, known: "2", count: "3" }));
    // the named address first (it took the most), by its name
    expect(text).toContain(en("statement-top-line", { address: `Shop wallet · <code>${shortAddress(shop)}</code>`, count: 2, trx: fmt.trx(ordersPaid) }));

    const photo = await h.tg.waitForCall("sendPhoto", sentTo(USER));
    expect(pngSize(h.tg.photoBytes(USER, messageIdOf(photo.response))!)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    const document = await h.tg.waitForCall("sendDocument", sentTo(USER));
    const documentId = messageIdOf(document.response);
    const bytes = h.tg.documentBytes(USER, documentId)!;
    expect(h.tg.messages(USER).find((m) => m.messageId === documentId)?.document?.fileName).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
    expect([...bytes.subarray(0, 3)], "UTF-8 with a byte order mark").toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString("utf8").slice(1));
    expect(header).toEqual([...CSV_COLUMNS]);
    const column = (name: (typeof CSV_COLUMNS)[number]) => (row: string[]) => row[CSV_COLUMNS.indexOf(name)]!;
    expect(rows.map(column("kind")).sort()).toEqual(["firing", "order", "order"]);
    expect(sunToTrx(rows.reduce((sum, row) => sum + trxToSun(column("paid_trx")(row)), 0n))).toBe(sunToTrx(paid));
    const orderRows = rows.filter((row) => column("kind")(row) === "order");
    expect(sunToTrx(orderRows.reduce((sum, row) => sum + trxToSun(column("burn_cost_trx")(row)), 0n))).toBe(sunToTrx(burn));
    expect(orderRows.map(column("reference")).sort()).toEqual(orders.map((o) => o.orderId).sort());
    expect(orderRows.map(column("address_label"))).toEqual(["Shop wallet", "Shop wallet"]);
    for (const row of rows) expect(column("time_utc")(row)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // ◀ the month before, in the same message; no month after the current one
    const cardId = messageIdOf(card.response);
    const before = shiftMonth(month, -1);
    expect(h.tg.buttons(USER, cardId).map((b) => b.callbackData)).not.toContain(StatementButtons.month.pack({ month: monthCode(shiftMonth(month, 1)) }));
    await h.tg.tap({ userId: USER, messageId: cardId, data: StatementButtons.month.pack({ month: monthCode(before) }) });
    const earlier = String((await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId)).payload.text);
    expect(earlier).toContain(fmt.month(monthRange(before).from));
    expect(earlier).toContain(en("statement-key-nothing"));
    expect(earlier).toContain(en("statement-empty"));
    // and back ▶
    await h.tg.tap({ userId: USER, messageId: cardId, data: StatementButtons.month.pack({ month: monthCode(month) }) });
    const back = String((await h.tg.waitForCall("editMessageText", (p) => p.message_id === cardId)).payload.text);
    expect(back).toContain(en("statement-purchases", { orders: "<b>2</b>", firings: "<b>1</b>" }));
  });

  it("has a section per key, each with its own orders; a key whose rules cannot be read keeps its orders and says so", async () => {
    const failing: { key?: string } = {};
    h = await startHarness({
      extendDeps: (deps) => {
        const marketplace: Marketplace = {
          public: deps.marketplace.public,
          close: () => deps.marketplace.close(),
          forKey(apiKey) {
            const client = deps.marketplace.forKey(apiKey);
            if (apiKey === failing.key) client.ruleFires = () => Promise.reject(new Error("the marketplace is down"));
            return client;
          },
        };
        return { ...deps, marketplace };
      },
    });
    await h.givenUserWithKey(USER, { trx: "1000", label: "Shop" });
    const exchange = await h.givenUserWithKey(USER, { trx: "1000", label: "Exchange" });
    failing.key = exchange.apiKey;
    // a rule of its own, whose purchases the marketplace will not list
    await h.marketplace.forKey(exchange.apiKey).createRenewal({ targetAddress: freshAddress(), volume: 65_000n });
    const shopOrder = await previewByOneLiner(h, USER, `energy ${freshAddress()} 65k 1h`);
    await confirm(h, USER, shopOrder.intentId, /Status/);
    await h.store.apiKeys.setDefault(USER, exchange.keyId);
    for (const volume of ["65k", "131k"]) {
      const { intentId } = await previewByOneLiner(h, USER, `energy ${freshAddress()} ${volume} 1h`);
      await confirm(h, USER, intentId, /Status/);
    }

    await h.tg.sendText({ userId: USER, text: "/statement" });
    const text = String((await h.tg.waitForCall("sendMessage", (p) => sentTo(USER)(p) && String(p.text).includes("Statement"))).payload.text);
    // one section per key, each from its 🔑 line to the next
    const section = (label: string) => text.split("🔑").find((part) => part.includes(`${label} …`)) ?? "";
    const shop = section("Shop");
    const exchangeSection = section("Exchange");
    expect(shop).toContain(en("statement-purchases", { orders: "<b>1</b>", firings: "<b>0</b>" }));
    expect(shop).not.toContain(en("statement-firings-missing"));
    expect(exchangeSection).toContain(en("statement-purchases", { orders: "<b>2</b>", firings: "<b>0</b>" }));
    expect(exchangeSection).toContain(en("statement-firings-missing"));
    const csv = parseCsv(h.tg.documentBytes(USER, messageIdOf((await h.tg.waitForCall("sendDocument", sentTo(USER))).response))!.toString("utf8").slice(1));
    expect(csv.slice(1).map((row) => row[CSV_COLUMNS.indexOf("key")]!.replace(/ …\S+$/, "").replace("⭐ ", "")).sort()).toEqual(["Exchange", "Exchange", "Shop"]);
  });

  it("counts a rule once when two keys of one account both list it", async () => {
    h = await startHarness();
    const { accountId, apiKey } = await h.givenUserWithKey(USER, { trx: "1000", label: "Buy" });
    const { key: readKey } = h.sandbox.control.createKey(accountId, { scope: "read" });
    await h.store.apiKeys.add(USER, { apiKey: readKey, label: "Look" });
    await h.marketplace.forKey(apiKey).createRenewal({ targetAddress: freshAddress(), volume: 65_000n });

    await h.tg.sendText({ userId: USER, text: "/statement" });
    const text = String((await h.tg.waitForCall("sendMessage", (p) => sentTo(USER)(p) && String(p.text).includes("Statement"))).payload.text);
    expect(text.match(/🔑/g)).toHaveLength(2);
    const purchases = [...text.matchAll(/rule purchases: <b>(\d+)<\/b>/g)].map((m) => Number(m[1]));
    expect(purchases.reduce((a, b) => a + b, 0)).toBe(1);
    const csv = parseCsv(h.tg.documentBytes(USER, messageIdOf((await h.tg.waitForCall("sendDocument", sentTo(USER))).response))!.toString("utf8").slice(1));
    expect(csv.slice(1).map((row) => row[CSV_COLUMNS.indexOf("kind")])).toEqual(["firing"]);
  });

  it("without a key, says to add one (with the button), and sends no file", async () => {
    h = await startHarness();
    await h.tg.sendText({ userId: USER, text: "/statement" });
    const card = await h.tg.waitForCall("sendMessage", sentTo(USER));
    expect(String(card.payload.text)).toContain(en("statement-no-keys"));
    expect(h.tg.buttons(USER).map((b) => b.text)).toEqual([en("button-add-key")]);
    expect(h.tg.callsOf("sendDocument")).toHaveLength(0);
    expect(h.tg.callsOf("sendPhoto")).toHaveLength(0);
  });

  it("speaks Russian, and a month button that names no month changes nothing", async () => {
    h = await startHarness();
    await h.givenUserWithKey(USER, { trx: "100" });
    const rfmt = createFormatter("ru");
    await h.tg.sendText({ userId: USER, text: "/statement", languageCode: "ru" });
    const card = await h.tg.waitForCall("sendMessage", sentTo(USER));
    const text = String(card.payload.text);
    expect(text).toContain(ru("statement-title", { month: `<b>${rfmt.month(Date.now())}</b>` }));
    expect(text).toContain(ru("statement-empty"));
    expect(h.tg.callsOf("sendDocument")).toHaveLength(0);

    const cardId = messageIdOf(card.response);
    await h.tg.tap({ userId: USER, messageId: cardId, data: StatementButtons.month.pack({ month: 999_999 }), languageCode: "ru" });
    const answer = await h.tg.waitForCall("answerCallbackQuery");
    expect(answer.payload.text).toBe(ru("statement-bad-month"));
    expect(h.tg.callsOf("editMessageText")).toHaveLength(0);
  });
});
