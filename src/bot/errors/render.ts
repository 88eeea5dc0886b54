/**
 * The one error-to-message mapping for the whole bot: every marketplace error (and a missing key)
 * becomes one localised sentence with the next step, and a button where one helps.
 * Raw errors, stack traces and server internals never reach the user.
 */
import { untilUtcMidnight } from "../../format/utc-day.js";
import { InlineKeyboard } from "grammy";
import { MarketplaceError } from "../../marketplace/errors.js";
import { KeyUnreadableError, NoApiKeyError } from "../marketplace/with-user-client.js";
import { SharedButtons } from "../../telegram/shared-buttons.js";
import type { TextLocale } from "../../format/formatter.js";
import { spendLimitState } from "./spend-limit.js";
import { escapeHtml } from "../../format/html.js";
import { refusedOperation } from "./scope-operation.js";
import { StoreClosedError } from "../../store/errors.js";

export interface RenderedError {
  text: string;
  keyboard?: InlineKeyboard;
  /** False for errors we did not anticipate (worth logging as errors). */
  expected: boolean;
}

/** In the recipient's locale; `now` says how long until the spend limit's UTC day ends. */
export function renderError(err: unknown, { t, fmt }: TextLocale, now: number): RenderedError {
  if (err instanceof NoApiKeyError) {
    return { text: t("error-no-key"), keyboard: new InlineKeyboard().text(t("button-add-key"), SharedButtons.addKey.pack()), expected: true };
  }
  if (err instanceof KeyUnreadableError) {
    return { text: t("error-key-unreadable"), keyboard: new InlineKeyboard().text(t("button-replace-key"), SharedButtons.addKey.pack()), expected: true };
  }
  // cut off by a shutdown (a new replica or process takes over): sending it again works
  if (err instanceof StoreClosedError) return { text: t("error-restarting"), expected: true };
  if (!(err instanceof MarketplaceError)) return { text: t("error-internal"), expected: false };
  if (err.isInsufficientScope) {
    const refused = refusedOperation(err);
    const text = refused
      ? t("keys-error-scope-op", { operation: t(`keys-scope-op-${refused.operation}`), scope: refused.scope })
      : t("error-insufficient-scope");
    return { text, keyboard: new InlineKeyboard().text(t("button-my-keys"), SharedButtons.listKeys.pack()), expected: true };
  }
  if (err.isSpendLimit) {
    const day = spendLimitState(err);
    const text =
      day
        ? t("error-spend-limit-detail", { spent: fmt.trx(day.spentTrx), limit: fmt.trx(day.limitTrx), ...untilUtcMidnight(now) })
        : t("error-spend-limit", untilUtcMidnight(now));
    return { text, expected: true };
  }
  if (err.isKeyRejected) return { text: t("error-key-rejected"), keyboard: new InlineKeyboard().text(t("button-replace-key"), SharedButtons.addKey.pack()), expected: true };
  if (err.isInsufficientBalance) {
    return { text: t("error-insufficient-balance"), keyboard: new InlineKeyboard().text(t("button-deposit"), SharedButtons.showDeposit.pack()), expected: true };
  }
  if (err.isProviderFailed) return { text: t("error-provider-failed"), expected: true };
  if (err.isCheckerUnavailable) return { text: t("error-checker-unavailable"), expected: true };
  if (err.isNotFound) return { text: t("error-not-found"), expected: true };
  switch (err.kind) {
    case "ambiguous":
      return { text: t("error-ambiguous"), expected: true };
    case "timeout":
    case "network":
      return { text: t("error-marketplace-unreachable"), expected: true };
    case "invalid_response":
      return { text: t("error-marketplace-unexpected"), expected: false };
    case "too_large":
      return { text: t("error-marketplace-too-large"), expected: false };
    default:
      break;
  }
  if (err.status !== undefined && err.status >= 500) return { text: t("error-marketplace-unreachable"), expected: true };
  const detail = err.detail ?? err.title;
  return {
    text: detail ? t("error-request-rejected-detail", { detail: escapeHtml(detail.slice(0, 300)) }) : t("error-request-rejected"),
    expected: true,
  };
}
