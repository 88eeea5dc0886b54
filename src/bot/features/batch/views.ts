/**
 * What /batch shows: the address step (saved addresses to tick, or lines to type), the answer to bad
 * lines, the batch preview card (each address with its volume and price, the total against the
 * balance) and the outcome card (each line placed, refused and why, or still unknown).
 */
import { InlineKeyboard } from "grammy";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { code, clipped } from "../../../format/html.js";
import { addressHtml, labelledAddress, type AddressLabels, type NamedAddress } from "../../../tron/address-names.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { renderError } from "../../errors/render.js";
import { markChosen } from "../../ui/chosen.js";
import { countOutcomes, MAX_BATCH_LINES, type BadLine, type BatchView, type QuotedBatch } from "../../../orders/batch.js";
import type { ResourceOptions } from "../../../marketplace/index.js";
import { BatchCard, BatchStep } from "./callbacks.js";

/** The address step: every saved address (up to MAX_BATCH_LINES) as a button, ticked ✓ when picked, and Continue. */
export function pickKeyboard(saved: readonly NamedAddress[], picked: ReadonlySet<string>, t: Translate): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const entry of saved.slice(0, MAX_BATCH_LINES)) {
    keyboard.text(markChosen(picked.has(entry.address), labelledAddress(entry)), BatchStep.pick.pack({ address: entry.address })).row();
  }
  if (picked.size > 0) keyboard.text(t("batch-button-continue", { count: picked.size }), BatchStep.picked.pack()).row();
  return keyboard;
}

export function askAddressesText(saved: number, t: Translate): string {
  return t(saved > 0 ? "batch-ask-addresses" : "batch-ask-addresses-typed", { max: MAX_BATCH_LINES });
}

/** Why each bad line was not taken (nothing was changed). */
export function badLinesText(bad: readonly BadLine[], limits: Pick<ResourceOptions, "minVolume" | "maxVolume">, examples: string, { t, fmt }: TextLocale): string {
  const lines = bad.map((b) => {
    const text = clipped(b.text, 64);
    switch (b.reason) {
      case "invalid_address":
        return t("batch-bad-address", { line: b.line, text });
      case "duplicate":
        return t("batch-bad-duplicate", { line: b.line, text });
      case "volume_unreadable":
        return t("batch-bad-volume-unreadable", { line: b.line, text, examples });
      default:
        return t("batch-bad-volume-range", { line: b.line, volume: fmt.volume(b.volume ?? 0n), min: fmt.volume(limits.minVolume), max: fmt.volume(limits.maxVolume) });
    }
  });
  return [t("batch-bad-lines", { count: bad.length }), ...lines].join("\n");
}

/** The preview card: one line per address, the total against the balance; Confirm, or Deposit and Refresh when short. */
export function renderBatchPreview(quoted: QuotedBatch, labels: AddressLabels, { t, fmt }: TextLocale): { text: string; keyboard: InlineKeyboard } {
  const afterSun = quoted.balanceSun - quoted.totalSun;
  const short = afterSun < 0n;
  const trx = (sun: bigint) => fmt.trx(sun);
  const missing = (sun: bigint) => fmt.trx(sun, { up: true });
  const count = quoted.lines.length;
  const text = [
    t("batch-preview-title", { count, duration: fmt.duration(quoted.duration, t) }),
    "",
    ...quoted.lines.map((l, i) => {
      const vars = { n: i + 1, address: addressHtml(l.address, labels, { short: true }), volume: code(fmt.volume(l.volume)), price: code(trx(l.totalSun)) };
      return l.activationSun > 0n ? t("batch-preview-line-activation", { ...vars, fee: trx(l.activationSun) }) : t("batch-preview-line", vars);
    }),
    "",
    t("batch-preview-total", { total: code(trx(quoted.totalSun)) }),
    short
      ? t("batch-preview-balance-missing", { balance: trx(quoted.balanceSun), missing: missing(-afterSun) })
      : t("batch-preview-balance", { balance: trx(quoted.balanceSun), after: trx(afterSun) }),
    "",
    short ? t("batch-preview-short", { shortfall: code(missing(-afterSun)) }) : t("batch-preview-note"),
  ].join("\n");
  const keyboard = new InlineKeyboard();
  const batch = quoted.batchId;
  if (short) keyboard.text(t("button-deposit"), SharedButtons.showDeposit.pack()).text(t("buy-button-refresh-preview"), BatchCard.again.pack({ batch })).row();
  else keyboard.text(t("batch-button-confirm", { count }), BatchCard.confirm.pack({ batch })).row();
  keyboard.text(t("button-cancel"), BatchCard.cancel.pack({ batch }));
  return { text, keyboard };
}

/**
 * The outcome card: each line placed (with its order id), refused (the one error mapping's sentence),
 * or still unknown (Confirm again is safe), and the buttons the refusals call for.
 */
export function renderBatchResult(view: BatchView, labels: AddressLabels, locale: TextLocale, now: number): { text: string; keyboard: InlineKeyboard } {
  const { t, fmt } = locale;
  const keyboard = new InlineKeyboard();
  const offered = new Set<string>();
  const offer = (buttons: InlineKeyboard | undefined) => {
    for (const button of buttons?.inline_keyboard.flat() ?? []) {
      const data = "callback_data" in button ? button.callback_data : undefined;
      if (data === undefined || offered.has(data)) continue;
      offered.add(data);
      keyboard.text(button.text, data).row();
    }
  };
  const lines = view.lines.map((l, i) => {
    const vars = { n: i + 1, address: addressHtml(l.address, labels, { short: true }), volume: code(fmt.volume(l.volume)) };
    const outcome = l.outcome;
    switch (outcome?.kind) {
      case "placed":
        return t("batch-result-placed", { ...vars, total: code(fmt.trx(outcome.totalTrx ?? l.totalSun)), id: code(outcome.orderId) });
      case "refused": {
        const rendered = renderError(outcome.error, locale, now);
        offer(rendered.keyboard);
        return t("batch-result-refused", { ...vars, reason: rendered.text });
      }
      case "over-budget":
        offer(new InlineKeyboard().text(t("button-my-keys"), SharedButtons.listKeys.pack()));
        return t("batch-result-over-budget", vars);
      case "unknown":
        return t("batch-result-unknown", vars);
      default:
        return t("batch-result-not-placed", vars);
    }
  });
  const counts = countOutcomes(view.lines);
  const text = [
    t("batch-result-title", { count: view.lines.length, duration: fmt.duration(view.duration, t) }),
    "",
    ...lines,
    "",
    t("batch-result-summary", { placed: counts.placed, count: view.lines.length }),
    ...(counts.unknown > 0 ? [t("batch-result-unknown-note")] : []),
  ].join("\n");
  if (counts.unknown > 0) keyboard.text(t("buy-button-confirm-again"), BatchCard.confirm.pack({ batch: view.batch.batchId })).row();
  if (counts.placed > 0) keyboard.text(t("batch-button-orders"), SharedButtons.listOrders.pack()).row();
  return { text, keyboard };
}
