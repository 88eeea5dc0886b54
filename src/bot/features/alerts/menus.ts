/**
 * The /alert card: the user's price alerts (what, under which price, waiting or told), a ✖️ per
 * alert to remove it, and New alert while there are fewer than MAX_PRICE_ALERTS. Changes in place.
 */
import type { BotContext } from "../../context.js";
import type { TextLocale } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import { MAX_PRICE_ALERTS, type PriceAlertRow } from "../../../store/price-alerts.js";
import { createCardMenu, payloadOf } from "../../ui/menu.js";
import { definePayload } from "../../../telegram/callback-codec.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { enterFlow } from "../../flow/enter.js";
import { PRICE_ALERT_CONVERSATION } from "./flow.js";

function alertLine(alert: PriceAlertRow, index: number, { t, fmt }: TextLocale): string {
  const what = t("alert-what", { volume: fmt.volume(alert.volume), duration: fmt.duration(alert.duration, t) });
  return t(alert.armed ? "alert-line-waiting" : "alert-line-told", { n: index + 1, what, price: code(fmt.trx(BigInt(alert.belowSun))) });
}

function cardText(alerts: PriceAlertRow[], locale: TextLocale): string {
  const { t } = locale;
  if (alerts.length === 0) return [t("alert-title"), t("alert-none")].join("\n");
  return [t("alert-title"), ...alerts.map((a, i) => alertLine(a, i, locale)), "", t("alert-how")].join("\n");
}

const alertsOf = (ctx: BotContext) => (ctx.from ? ctx.deps.store.priceAlerts.listByUser(ctx.from.id) : Promise.resolve([]));

/** An alert's Remove carries its id. */
const ALERT_PAYLOAD = definePayload({ id: "int" }, { menus: ["alerts"] });

export const alertsMenu = createCardMenu("alerts").dynamic(async (ctx, range) => {
  const alerts = await alertsOf(ctx);
  alerts.forEach((alert, i) => {
    range.text({ text: ctx.t("alert-button-remove", { n: i + 1 }), payload: ALERT_PAYLOAD.pack({ id: alert.id }) }, async (ctx) => {
      const id = ALERT_PAYLOAD.unpack(payloadOf(ctx))?.id;
      if (ctx.from && id !== undefined) await ctx.deps.store.priceAlerts.remove(ctx.from.id, id);
      await showAlerts(ctx, { toast: ctx.t("alert-removed") });
    });
    if (i % 3 === 2) range.row();
  });
  range.row();
  if (alerts.length < MAX_PRICE_ALERTS) range.text(ctx.t("alert-button-new"), (ctx) => enterFlow(ctx, PRICE_ALERT_CONVERSATION));
});

/** The alerts card: in the tapped message, else a new one. */
export async function showAlerts(ctx: BotContext, options: ShowOptions = {}): Promise<void> {
  const alerts = await alertsOf(ctx);
  await showView(ctx, { text: cardText(alerts, ctx.locale), keyboard: alertsMenu }, options);
}
