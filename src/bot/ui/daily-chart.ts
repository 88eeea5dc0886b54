/**
 * The daily chart for a chat answer: the upload_photo action while it is drawn, and undefined (logged
 * for the operator) when it cannot be drawn (no canvas on this machine), so the answer goes on in
 * text. Used by /stats (a statement draws its chart through src/statements/render.ts).
 */
import type { BotContext } from "../context.js";
import { renderDailyChart, type DailyChartInput } from "../../charts/daily-chart.js";
import { showChatAction } from "./chat-action.js";
import { errorFields } from "../../logger.js";

export async function drawChartFor(ctx: BotContext, input: DailyChartInput, what: string): Promise<Buffer | undefined> {
  try {
    showChatAction(ctx, "upload_photo");
    return await renderDailyChart(input);
  } catch (err) {
    ctx.deps.logger.warn({ err: errorFields(err) }, `${what} chart could not be drawn`);
    return undefined;
  }
}
