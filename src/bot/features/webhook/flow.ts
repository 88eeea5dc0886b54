/**
 * "/webhook" setup, in one message: gives the user their receiver URL and the dashboard steps,
 * takes the marketplace endpoint id, then the endpoint's signing secret, then asks the marketplace
 * for a test delivery and waits for the receiver to see it verify.
 *
 * The secret: conversations v2 write their replay log (with every update they received) to
 * bot_storage only when the update's handling ends with the conversation still waiting. The
 * secret's message is therefore the LAST update this conversation ever receives: it is deleted at
 * once, checked, sealed, and every path from there ends the conversation, so its state is dropped
 * before anything is written and the plaintext never reaches storage (keys/flow.ts relies on the
 * same). So a secret of the wrong shape ends the flow too (with a hint to send /webhook again)
 * instead of asking again, which would store it.
 */
import { deleteUserMessage } from "../../ui/delete-message.js";
import { enterFlow } from "../../flow/enter.js";
import type { WebhookEndpointRow } from "../../../store/webhooks.js";
import { InlineKeyboard } from "grammy";
import { setTimeout as sleep } from "node:timers/promises";
import type { BotContext, BotConversation, BotDeps, ConversationContext } from "../../context.js";
import { external } from "../../flow/external.js";
import { FlowMessage } from "../../flow/flow-message.js";
import { NoApiKeyError, withUserClient } from "../../marketplace/with-user-client.js";
import { renderAndLogError } from "../../errors/reply.js";
import { code } from "../../../format/html.js";
import { isPlausibleSecret } from "../../../events/signatures.js";
import { WebhookButtons } from "./callbacks.js";
import { receiverUrl, renderPingOutcome, webhookStatusText, type PingOutcome } from "./views.js";

export const WEBHOOK_SETUP_CONVERSATION = "webhook-setup";
export const DEFAULT_PING_WAIT_MS = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Long enough to create the endpoint in the dashboard and come back with its id and secret.
export const SETUP_WAIT_MS = 30 * 60_000;

export async function enterWebhookSetup(ctx: BotContext): Promise<void> {
  await enterFlow(ctx, WEBHOOK_SETUP_CONVERSATION);
}

export function pingWaitMs(deps: BotDeps): number {
  return deps.webhooks?.pingWaitMs ?? DEFAULT_PING_WAIT_MS;
}

/** The key that manages the endpoint, if the user still has it; otherwise the default key is used. */
export function endpointKeyId(store: BotDeps["store"], row: Pick<WebhookEndpointRow, "userId" | "keyId">): number | undefined {
  return row.keyId !== null && store.apiKeys.get(row.userId, row.keyId) ? row.keyId : undefined;
}

/**
 * Asks the marketplace to send the endpoint a test event (scope full) and waits until the receiver
 * records a delivery made after the request: verified, or arrived with a signature that does not
 * verify; or the wait runs out.
 */
export async function pingAndWait(deps: BotDeps, rowId: number): Promise<PingOutcome> {
  const { store } = deps;
  const row = store.webhooks.get(rowId);
  if (!row?.endpointId) return "timeout";
  const keyId = endpointKeyId(store, row);
  const requestedAt = deps.now();
  // Before the call: the test event may arrive before the call returns.
  store.webhooks.markPingRequested(row.id, requestedAt);
  await withUserClient(deps, row.userId, (client) => client.pingWebhook(row.endpointId!), { keyId, needs: "full" });
  const deadline = requestedAt + pingWaitMs(deps);
  for (;;) {
    const current = store.webhooks.get(row.id);
    if (!current) return "timeout";
    if (current.lastVerifiedAt !== null && current.lastVerifiedAt >= requestedAt) return "verified";
    if (current.lastEventAt !== null && current.lastEventAt >= requestedAt) return "unverified";
    if (deps.now() >= deadline) return "timeout";
    await sleep(100);
  }
}

export async function webhookSetupConversation(conversation: BotConversation, ctx: ConversationContext): Promise<void> {
  const deps = ctx.deps;
  const userId = ctx.from?.id;
  if (userId === undefined || !deps.publicUrl) return;
  const t = (key: string, vars?: Record<string, string | number>) => ctx.t(key, vars);
  const scheme = deps.webhooks?.scheme ?? "standard";
  // From /webhook a new message; from Change endpoint on the status card, in the card.
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true });

  const endpoint = await external(conversation, () => {
    const key = deps.store.apiKeys.getDefault(userId);
    if (!key) return undefined;
    const row = deps.store.webhooks.ensureForUser(userId, key.id);
    return { rowId: row.id, url: receiverUrl(deps.publicUrl!, row.routeToken) };
  });
  if (!endpoint) return failed(ctx, flow, new NoApiKeyError());
  await flow.ask(ctx, t("webhook-setup-steps", { url: code(endpoint.url) }));

  let endpointId: string;
  for (;;) {
    const reply = await flow.wait();
    if (reply.kind === "text" && UUID.test(reply.text)) {
      endpointId = reply.text.toLowerCase();
      break;
    }
    await flow.retry(ctx, t("webhook-setup-bad-id"));
  }
  await external(conversation, () => deps.store.webhooks.setEndpointId(endpoint.rowId, endpointId));
  await flow.ask(ctx, t(scheme === "standard" ? "webhook-setup-ask-secret-standard" : "webhook-setup-ask-secret", { id: code(endpointId) }));

  // The last wait of this conversation (see the header): from here on every path ends it.
  const reply = await flow.wait({ expectsSecret: true });
  if (reply.kind !== "text") return;
  const deleted = await deleteUserMessage(reply.ctx);
  const notDeleted = deleted ? "" : `\n\n${t("webhook-secret-not-deleted")}`;
  if (!isPlausibleSecret(scheme, reply.text)) {
    return flow.finish(ctx, t(scheme === "standard" ? "webhook-secret-bad-standard" : "webhook-secret-bad") + notDeleted);
  }
  const secret = reply.text;
  await external(conversation, () => deps.store.webhooks.setSecret({ id: endpoint.rowId, userId }, secret));
  const seconds = Math.round(pingWaitMs(deps) / 1000);
  // No Cancel while waiting: the chat's updates queue behind this one until the wait is over.
  await flow.finish(ctx, t("webhook-secret-saved", { seconds }) + notDeleted);

  let outcome: PingOutcome;
  try {
    outcome = await external(conversation, () => pingAndWait(deps, endpoint.rowId));
  } catch (err) {
    return failed(ctx, flow, err);
  }
  const status = await external(conversation, () => ({
    row: deps.store.webhooks.get(endpoint.rowId),
    noticesEnabled: deps.store.users.get(userId)?.noticesEnabled ?? true,
  }));
  if (!status.row) return;
  const note = renderPingOutcome(outcome, endpoint.url, seconds, t) + notDeleted;
  const text = webhookStatusText(status.row, { publicUrl: deps.publicUrl, noticesEnabled: status.noticesEnabled, note }, t, ctx.fmt);
  // The status card is a menu, which a conversation can't draw: a button brings it up with its actions.
  await flow.finish(ctx, text, new InlineKeyboard().text(t("webhook-button-manage"), WebhookButtons.open.pack()));
}

/** The one sentence for what went wrong, in the flow's message. */
async function failed(ctx: ConversationContext, flow: FlowMessage, err: unknown): Promise<void> {
  const rendered = renderAndLogError(ctx, err);
  await flow.finish(ctx, rendered.text, rendered.keyboard);
}
