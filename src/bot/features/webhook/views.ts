/**
 * /webhook's status card text: the receiver URL, the marketplace endpoint id, the last delivery and
 * whether its signature verified, whether notices are on. Also the sentence for a test ping's
 * outcome. (The card's buttons are the menu of menus.ts.)
 */
import type { WebhookEndpointRow } from "../../../store/webhooks.js";
import type { TextLocale, Translate } from "../../../format/formatter.js";
import { code } from "../../../format/html.js";
import { receiverPath } from "../../../events/receiver.js";
import type { BotDeps } from "../../context.js";

export type PingOutcome = "verified" | "unverified" | "timeout";

/** Where the marketplace reaches this bot: PUBLIC_URL, or on the embedded sandbox this process itself. */
export function receiverBase(deps: Pick<BotDeps, "publicUrl" | "webhooks">): string | undefined {
  return deps.publicUrl ?? deps.webhooks?.sandbox?.localUrl();
}

export function receiverUrl(publicUrl: string, routeToken: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${receiverPath(routeToken)}`;
}

function lastDelivery(row: WebhookEndpointRow, { t, fmt }: TextLocale): string {
  if (row.lastEventAt === null) return t("webhook-status-no-events");
  if (row.lastVerifiedAt !== null && row.lastVerifiedAt >= row.lastEventAt) {
    return t("webhook-status-last-verified", { type: code(row.lastEventType ?? "?"), time: fmt.dateTime(row.lastEventAt) });
  }
  return t("webhook-status-last-unverified", { time: fmt.dateTime(row.lastEventAt) });
}

export function webhookStatusText(
  row: WebhookEndpointRow,
  view: { publicUrl: string; noticesEnabled: boolean; note?: string },
  locale: TextLocale,
): string {
  const { t } = locale;
  const lines: string[] = [];
  if (view.note) lines.push(view.note, "");
  lines.push(
    t("webhook-status-title"),
    t("webhook-status-url", { url: code(receiverUrl(view.publicUrl, row.routeToken)) }),
    t("webhook-status-endpoint", { id: code(row.endpointId ?? "—") }),
    lastDelivery(row, locale),
    t(view.noticesEnabled ? "webhook-status-notices-on" : "webhook-status-notices-off"),
  );
  return lines.join("\n");
}

export function renderPingOutcome(outcome: PingOutcome, url: string, seconds: number, t: Translate): string {
  if (outcome === "verified") return t("webhook-ping-verified");
  if (outcome === "unverified") return t("webhook-ping-unverified");
  return t("webhook-ping-timeout", { seconds, url: code(url) });
}
