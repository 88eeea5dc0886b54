/**
 * A statement's files, as new messages: the chart by day (PNG, the shared daily chart) and the CSV
 * (sendDocument). A machine without the canvas still gets the CSV.
 */
import { InputFile } from "grammy";
import type { BotContext } from "../../context.js";
import { drawChartFor } from "../../ui/daily-chart.js";
import { statementCsv } from "../../../statements/csv.js";
import { monthIso, monthRange, daysIn } from "../../../statements/month.js";
import type { LoadedStatement } from "./load.js";
import { monthName } from "./views.js";

const DAY_MS = 86_400_000;

export async function sendStatementFiles(ctx: BotContext, { statement, labels }: LoadedStatement): Promise<void> {
  const { month } = statement;
  const name = monthName(month, ctx.fmt);
  const chart = await drawChartFor(
    ctx,
    {
      energy: statement.energyDaily,
      bandwidth: statement.bandwidthDaily,
      lastDay: monthRange(month).from + (daysIn(month) - 1) * DAY_MS,
      titles: { energy: ctx.t("statement-chart-energy"), bandwidth: ctx.t("statement-chart-bandwidth") },
    },
    "statement",
  );
  if (chart) await ctx.replyWithPhoto(new InputFile(chart, `statement-${monthIso(month)}.png`), { caption: ctx.t("statement-chart-caption", { month: name }) });
  const csv = Buffer.from(statementCsv(statement, labels), "utf8");
  await ctx.replyWithDocument(new InputFile(csv, `statement-${monthIso(month)}.csv`), { caption: ctx.t("statement-csv-caption", { month: name }) });
}
