/**
 * /statement: a month's purchases per key (UTC; the current month unless a button names another),
 * as a card that moves between months in place, with the chart by day and the CSV as new messages.
 * The 1st-of-month notice (src/watch/statement.ts) leads here through SharedButtons.getStatement.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { replyWithError } from "../../errors/reply.js";
import { showView } from "../../ui/view.js";
import { isEmptyStatement } from "../../../statements/statement.js";
import { monthOf, parseMonthCode, type UtcMonth } from "../../../statements/month.js";
import { StatementButtons } from "./callbacks.js";
import { loadStatement, type LoadedStatement } from "../../../statements/load.js";
import { renderStatementText, statementKeyboard } from "./views.js";
import { sendStatementFiles } from "./files.js";

export const statementFeature = new Composer<BotContext>();

const privateChat = statementFeature.chatType("private");

async function load(ctx: BotContext, month: UtcMonth, edit: boolean): Promise<LoadedStatement | undefined> {
  try {
    return await loadStatement(ctx.deps, ctx.from!.id, month, ctx.t);
  } catch (err) {
    await replyWithError(ctx, err, { edit });
    return undefined;
  }
}

/** The card (in the tapped message when `inPlace`), and with `files` the chart and CSV after it. */
async function showStatement(ctx: BotContext, month: UtcMonth, options: { inPlace: boolean; files: boolean }): Promise<void> {
  const loaded = await load(ctx, month, options.inPlace);
  if (!loaded) return;
  const view = { text: renderStatementText(loaded.statement, loaded.labels, ctx.locale), keyboard: statementKeyboard(loaded.statement, ctx.deps.now(), ctx.locale) };
  await showView(ctx, view, { asNew: !options.inPlace });
  if (options.files && !isEmptyStatement(loaded.statement)) await sendStatementFiles(ctx, loaded);
}

/** The month a button names; a stale or forged one is answered and changes nothing. */
async function tappedMonth(ctx: BotContext, month: number | undefined): Promise<UtcMonth | undefined> {
  const parsed = month === undefined ? undefined : parseMonthCode(month);
  if (!parsed) await ctx.answerCallbackQuery({ text: ctx.t("statement-bad-month") });
  return parsed;
}

privateChat.command("statement", (ctx) => showStatement(ctx, monthOf(ctx.deps.now()), { inPlace: false, files: true }));

privateChat.callbackQuery(StatementButtons.month.pattern, async (ctx) => {
  const month = await tappedMonth(ctx, StatementButtons.month.unpack(ctx.callbackQuery.data)?.month);
  if (month) await showStatement(ctx, month, { inPlace: true, files: false });
});

privateChat.callbackQuery(StatementButtons.files.pattern, async (ctx) => {
  const month = await tappedMonth(ctx, StatementButtons.files.unpack(ctx.callbackQuery.data)?.month);
  if (!month) return;
  await ctx.answerCallbackQuery();
  const loaded = await load(ctx, month, false);
  if (loaded) await sendStatementFiles(ctx, loaded);
});

privateChat.callbackQuery(SharedButtons.getStatement.pattern, async (ctx) => {
  const month = await tappedMonth(ctx, SharedButtons.getStatement.unpack(ctx.callbackQuery.data)?.month);
  if (!month) return;
  await ctx.answerCallbackQuery();
  await showStatement(ctx, month, { inPlace: false, files: true });
});
