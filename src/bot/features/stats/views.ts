/** The /stats text: orders, energy and bandwidth delivered, average SUN per unit, 14-day sparklines. */
import type { OrderStats } from "../../../marketplace/index.js";
import type { StatsWithFirings } from "../../../rules/firings.js";
import type { TextLocale } from "../../../format/formatter.js";
import { sparkline } from "./sparkline.js";
import { toBigInt } from "../../../tron/volume.js";

/** Whether anything was ever delivered: without it the card would be zeros and a flat chart. */
export function hasDeliveries(stats: OrderStats): boolean {
  return toBigInt(stats.energyDelivered) > 0n || toBigInt(stats.bandwidthDelivered) > 0n;
}

/** Said instead of an all-zero card: what will appear here, and (if any) that orders were placed. */
export function renderNoDeliveriesText(stats: OrderStats, { t, fmt }: TextLocale): string {
  const lines = [t("stats-title"), t("stats-empty")];
  if (stats.totalOrders > 0) lines.push(t("stats-empty-orders", { count: `<b>${fmt.integer(stats.totalOrders)}</b>` }));
  return lines.join("\n");
}

function average(value: string | null, { t, fmt }: TextLocale): string {
  return value === null ? t("stats-no-deliveries") : t("stats-average", { sun: `<code>${fmt.amount(value)}</code>` });
}

export function renderStatsText(stats: OrderStats & Partial<Pick<StatsWithFirings, "ruleFirings">>, locale: TextLocale, withChart: boolean): string {
  const { t, fmt } = locale;
  const lines = [
    t("stats-title"),
    t("stats-orders", { count: `<b>${fmt.integer(stats.totalOrders)}</b>` }),
    ...(stats.ruleFirings ? [t("stats-rule-firings", { count: `<b>${fmt.integer(stats.ruleFirings)}</b>` })] : []),
    "",
    t("stats-energy"),
    t("stats-this-month", { volume: `<code>${fmt.volume(stats.energyDeliveredThisMonth)}</code>` }),
    t("stats-all-time", { volume: `<code>${fmt.volume(stats.energyDelivered)}</code>` }),
    average(stats.energyAvgSunPerUnit, locale),
    t("stats-daily", { sparkline: `<code>${sparkline(stats.energyDaily)}</code>` }),
    "",
    t("stats-bandwidth"),
    t("stats-all-time", { volume: `<code>${fmt.volume(stats.bandwidthDelivered)}</code>` }),
    average(stats.bandwidthAvgSunPerUnit, locale),
    t("stats-daily", { sparkline: `<code>${sparkline(stats.bandwidthDaily)}</code>` }),
  ];
  if (withChart) lines.push("", t("stats-chart-legend"));
  return lines.join("\n");
}
