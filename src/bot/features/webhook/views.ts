/**
 * /webhook's status card: the receiver URL, the marketplace endpoint id, the last delivery and
 * whether its signature verified, whether notices are on; and the buttons Test again, Notices
 * on/off, Change endpoint, Delete. Also the sentence for a test ping's outcome.
 */
import { InlineKeyboard } from "grammy";
import type { WebhookEndpointRow } from "../../../store/webhooks.js";
import type { Formatter, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";

export const WebhookActions = {
  show: "whk:show",
  test: "whk:test",
  toggleNotices: "whk:notices",
  change: "whk:change",
  askDelete: "whk:del",
  delete: "whk:del:yes",
  cancelSetup: "whk:cancel",
} as const;

export type PingOutcome = "verified" | "unverified" | "timeout";

export function receiverUrl(publicUrl: string, routeToken: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/hooks/${routeToken}`;
}

function lastDelivery(row: WebhookEndpointRow, t: Translate, fmt: Formatter): string {
  if (row.lastEventAt === null) return t("webhook-status-no-events");
  if (row.lastVerifiedAt !== null && row.lastVerifiedAt >= row.lastEventAt) {
    return t("webhook-status-last-verified", { type: code(row.lastEventType ?? "?"), time: fmt.dateTime(row.lastEventAt) });
  }
  return t("webhook-status-last-unverified", { time: fmt.dateTime(row.lastEventAt) });
}

export function renderWebhookStatus(
  row: WebhookEndpointRow,
  view: { publicUrl: string; noticesEnabled: boolean; note?: string },
  t: Translate,
  fmt: Formatter,
): { text: string; keyboard: InlineKeyboard } {
  const lines: string[] = [];
  if (view.note) lines.push(view.note, "");
  lines.push(
    t("webhook-status-title"),
    t("webhook-status-url", { url: code(receiverUrl(view.publicUrl, row.routeToken)) }),
    t("webhook-status-endpoint", { id: code(row.endpointId ?? "—") }),
    lastDelivery(row, t, fmt),
    t(view.noticesEnabled ? "webhook-status-notices-on" : "webhook-status-notices-off"),
  );
  const keyboard = new InlineKeyboard()
    .text(t("webhook-button-test"), WebhookActions.test)
    .text(t(view.noticesEnabled ? "webhook-button-notices-off" : "webhook-button-notices-on"), WebhookActions.toggleNotices)
    .row()
    .text(t("webhook-button-change"), WebhookActions.change)
    .text(t("webhook-button-delete"), WebhookActions.askDelete);
  return { text: lines.join("\n"), keyboard };
}

export function renderPingOutcome(outcome: PingOutcome, url: string, seconds: number, t: Translate): string {
  if (outcome === "verified") return t("webhook-ping-verified");
  if (outcome === "unverified") return t("webhook-ping-unverified");
  return t("webhook-ping-timeout", { seconds, url: code(url) });
}
