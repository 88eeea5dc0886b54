/**
 * Inline mode, the address check's third place (beside private chats and groups): "@bot T…" in any
 * chat offers the address check as a card to send. Anything else
 * gets no results and a button that opens the bot. The card's Buy button deep-links to the bot.
 */
import { renderAndLogError } from "../../errors/reply.js";
import type { InlineQueryResult } from "grammy/types";
import type { BotContext } from "../../context.js";
import { isTronAddress, shortAddress, TRON_ADDRESS_PATTERN } from "../../../tron/address.js";
import { addressCheckKeyboard, describeAddressCheck, renderAddressCheck } from "./views.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { runCheck } from "./index.js";
import { Composer } from "grammy";

const ADDRESS_QUERY = new RegExp(`^\\s*(${TRON_ADDRESS_PATTERN})\\s*$`);
/** Short: an address's resources change by the minute. Answers are personal: in each user's language. */
const CACHE_SECONDS = 10;
const START_PARAMETER = "inline";

/** A result's description is plain text: the error sentences carry a little HTML. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

async function answerWithButton(ctx: BotContext, textKey: string): Promise<void> {
  await ctx.answerInlineQuery([], {
    cache_time: CACHE_SECONDS,
    is_personal: true,
    button: { text: ctx.t(textKey), start_parameter: START_PARAMETER },
  });
}

export const inlineFeature = new Composer<BotContext>();

inlineFeature.inlineQuery(ADDRESS_QUERY, async (ctx) => {
  const address = ctx.match[1] ?? "";
  if (!isTronAddress(address)) return answerWithButton(ctx, "inline-invalid-address");
  const outcome = await runCheck(ctx, address);
  const { t } = ctx.locale;
  if (outcome.error instanceof MarketplaceError && outcome.error.isBadRequest) return answerWithButton(ctx, "inline-invalid-address");
  let result: InlineQueryResult;
  if (outcome.check) {
    result = {
      type: "article",
      id: `chk:${address}`,
      title: t("inline-result-title", { address: shortAddress(address) }),
      description: describeAddressCheck(outcome.check, ctx.locale),
      // The parse-mode transformer does not reach inside inline results: HTML is set here.
      input_message_content: {
        message_text: renderAddressCheck(outcome.check, ctx.locale, outcome.at),
        parse_mode: "HTML",
        link_preview_options: { is_disabled: true },
      },
      reply_markup: addressCheckKeyboard(address, ctx.locale, "inline", ctx.me.username),
    };
  } else {
    const rendered = renderAndLogError(ctx, outcome.error, { now: outcome.at, what: "inline address check failed" });
    result = {
      type: "article",
      id: `err:${address}`,
      title: t("inline-check-failed", { address: shortAddress(address) }),
      description: plain(rendered.text),
      input_message_content: { message_text: rendered.text, parse_mode: "HTML" },
    };
  }
  await ctx.answerInlineQuery([result], { cache_time: CACHE_SECONDS, is_personal: true });
});

inlineFeature.on("inline_query", (ctx) => answerWithButton(ctx, "inline-type-address"));
