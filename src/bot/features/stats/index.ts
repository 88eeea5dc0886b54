/** /stats: order statistics as text with sparklines, and the 14-day chart as a PNG (caption = text). */
import { Composer, InlineKeyboard, InputFile } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { hasDeliveries, renderNoDeliveriesText, renderStatsText } from "./views.js";
import { drawChartFor } from "../../ui/daily-chart.js";
import { loadRuleFirings, withRuleFirings, type StatsWithFirings } from "../../../rules/firings.js";
import { isPrivateChat, replyUsePrivateChat } from "../../ui/private-chat.js";

export const statsFeature = new Composer<BotContext>();

const MAX_CAPTION = 1024;

statsFeature.command("stats", async (ctx) => {
  if (!isPrivateChat(ctx)) return replyUsePrivateChat(ctx);
  const { t } = ctx.locale;
  let stats: StatsWithFirings;
  try {
    stats = await withUserClient(
      ctx.deps,
      ctx.from!.id,
      async (client) => {
        // the rules' purchases count too (the marketplace's statistics are of orders alone); without them, the orders' own
        const [orders, firings] = await Promise.all([client.orderStats(), loadRuleFirings(client).catch(() => [])]);
        return withRuleFirings(orders, firings, ctx.deps.now());
      },
      { needs: "read" },
    );
  } catch (err) {
    return replyWithError(ctx, err);
  }
  const keyboard = new InlineKeyboard().text(t("button-buy-energy"), SharedButtons.buyEnergy.pack()).text(t("stats-button-orders"), SharedButtons.listOrders.pack());
  if (!hasDeliveries(stats)) {
    await ctx.reply(renderNoDeliveriesText(stats, ctx.locale), { reply_markup: keyboard });
    return;
  }

  // without a chart (no canvas on this machine), the text with its sparklines still answers
  const chart = await drawChartFor(
    ctx,
    { energy: stats.energyDaily, bandwidth: stats.bandwidthDaily, lastDay: ctx.deps.now(), titles: { energy: t("stats-chart-energy"), bandwidth: t("stats-chart-bandwidth") } },
    "stats",
  );
  const text = renderStatsText(stats, ctx.locale, chart !== undefined);
  if (chart && text.length <= MAX_CAPTION) {
    await ctx.replyWithPhoto(new InputFile(chart, "stats.png"), { caption: text, reply_markup: keyboard });
    return;
  }
  if (chart) await ctx.replyWithPhoto(new InputFile(chart, "stats.png"));
  await ctx.reply(text, { reply_markup: keyboard });
});
