/**
 * A statement's files, as new messages: the chart by day (PNG) and the CSV (sendDocument), made by
 * src/statements/render.ts as for the notice on the 1st. A machine without the canvas still gets the CSV.
 */
import { InputFile } from "grammy";
import type { BotContext } from "../../context.js";
import { showChatAction } from "../../ui/chat-action.js";
import { statementFiles } from "../../../statements/render.js";
import type { LoadedStatement } from "../../../statements/load.js";
import { errorFields } from "../../../logger.js";

export async function sendStatementFiles(ctx: BotContext, loaded: LoadedStatement): Promise<void> {
  showChatAction(ctx, "upload_photo");
  const files = await statementFiles(loaded, ctx.locale, (err) => ctx.deps.logger.warn({ err: errorFields(err) }, "statement chart could not be drawn"));
  if (!files) return;
  if (files.chart) await ctx.replyWithPhoto(new InputFile(files.chart.bytes, files.chart.name), { caption: files.chart.caption });
  await ctx.replyWithDocument(new InputFile(files.csv.bytes, files.csv.name), { caption: files.csv.caption });
}
