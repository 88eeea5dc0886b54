/**
 * Account actions only in private chats. Commands that touch an account are answered in groups with
 * a pointer to the private chat (features/private-only); this guards the buttons: a tap on any
 * button that is not explicitly public (a menu's, or a codec button without `inGroups`) outside a
 * private chat, including callback data copied from a private chat or a button on an inline-mode
 * result (no chat at all), is answered with a short note and reaches no feature.
 */
import type { Context, MiddlewareFn } from "grammy";
import type { I18nFlavor } from "../i18n.js";
import type { CallbackCodec } from "../../telegram/callback-codec.js";

export function accountButtonsOnlyInPrivate(publicButtons: ReadonlyArray<Pick<CallbackCodec<never>, "inGroups" | "pattern">>): MiddlewareFn<Context & I18nFlavor> {
  const isPublic = (data: string) => publicButtons.some((button) => button.inGroups && button.pattern.test(data));
  return (ctx, next) => {
    const data = ctx.callbackQuery?.data;
    if (data === undefined || ctx.chat?.type === "private" || isPublic(data)) return next();
    return ctx.answerCallbackQuery({ text: ctx.t("private-only-button"), show_alert: true });
  };
}
