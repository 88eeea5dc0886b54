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
import { runStep } from "../../flow/step.js";
import { NoApiKeyError, withUserClient } from "../../marketplace/with-user-client.js";
import { code } from "../../../format/html.js";
import { isPlausibleSecret } from "../../../events/signatures.js";
import { WebhookButtons } from "./callbacks.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { cannotOffer } from "../../marketplace/scope-gate.js";
import { receiverBase, receiverUrl, renderPingOutcome, webhookStatusText, type PingOutcome } from "./views.js";

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
export async function endpointKeyId(store: BotDeps["store"], row: Pick<WebhookEndpointRow, "userId" | "keyId">): Promise<number | undefined> {
  return row.keyId !== null && (await store.apiKeys.get(row.userId, row.keyId)) ? row.keyId : undefined;
}

/**
 * Asks the marketplace to send the endpoint a test event (scope full) and waits until the receiver
 * records a delivery made after the request: verified, or arrived with a signature that does not
 * verify; or the wait runs out.
 */
export async function pingAndWait(deps: BotDeps, rowId: number): Promise<PingOutcome> {
  const { store } = deps;
  const row = await store.webhooks.get(rowId);
  if (!row?.endpointId) return "timeout";
  const keyId = await endpointKeyId(store, row);
  const requestedAt = deps.now();
  // Before the call: the test event may arrive before the call returns.
  await store.webhooks.markPingRequested(row.id, requestedAt);
  await withUserClient(deps, row.userId, (client) => client.pingWebhook(row.endpointId!), { keyId, needs: "full" });
  const deadline = requestedAt + pingWaitMs(deps);
  for (;;) {
    const current = await store.webhooks.get(row.id);
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
  const base = receiverBase(deps);
  if (userId === undefined || !base) return;
  const { t } = ctx.locale;
  const scheme = deps.webhooks?.scheme ?? "standard";
  // From /webhook a new message; from Change endpoint on the status card, in the card.
  const flow = new FlowMessage(conversation, ctx, { inTappedMessage: true });

  const endpoint = await external(conversation, async () => {
    const key = await deps.store.apiKeys.getDefault(userId);
    if (!key) return undefined;
    const row = await deps.store.webhooks.ensureForUser(userId, key.id);
    return { rowId: row.id, url: receiverUrl(base, row.routeToken) };
  });
  if (!endpoint) return failed(conversation, ctx, flow, new NoApiKeyError());
  if (deps.webhooks?.sandbox) return sandboxSetup(conversation, ctx, flow, endpoint);
  const { value: endpointId } = await runStep<string>(flow, ctx, {
    question: t("webhook-setup-steps", { url: code(endpoint.url) }),
    text: (text) => (UUID.test(text) ? { value: text.toLowerCase() } : { reason: t("webhook-setup-bad-id") }),
  });
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

  await pingAndReport(conversation, ctx, flow, { ...endpoint, base }, notDeleted);
}

/**
 * On the embedded sandbox there is no dashboard to create the endpoint in: the bot asks the sandbox
 * for one (with the user's key, which needs full access) delivering to the receiver URL, keeps its
 * id and sealed secret, and tests it. The secret never leaves the `external` step (its return value
 * is written to the conversation's log), nor reaches the chat.
 */
async function sandboxSetup(conversation: BotConversation, ctx: ConversationContext, flow: FlowMessage, endpoint: { rowId: number; url: string }): Promise<void> {
  const deps = ctx.deps;
  const seconds = Math.round(pingWaitMs(deps) / 1000);
  await flow.finish(ctx, ctx.t("webhook-sandbox-creating", { url: code(endpoint.url), seconds }));
  try {
    await external(conversation, () => createSandboxEndpoint(deps, endpoint.rowId));
  } catch (err) {
    return failed(conversation, ctx, flow, err);
  }
  await pingAndReport(conversation, ctx, flow, { ...endpoint, base: receiverBase(deps)! }, "");
}

/** Creates the endpoint on the sandbox, replacing (deleting) one the user had there before. */
async function createSandboxEndpoint(deps: BotDeps, rowId: number): Promise<void> {
  const row = await deps.store.webhooks.get(rowId);
  const base = receiverBase(deps);
  if (!row || !base) return;
  const keyId = await endpointKeyId(deps.store, row);
  await withUserClient(
    deps,
    row.userId,
    async (client) => {
      if (row.endpointId) await client.deleteWebhook(row.endpointId).catch(() => undefined); // already gone is fine
      const created = await client.createSandboxWebhook(receiverUrl(base, row.routeToken));
      await deps.store.webhooks.setEndpointId(row.id, created.id);
      await deps.store.webhooks.setSecret(row, created.secret);
    },
    { keyId, needs: "full" },
  );
}

/** Asks for a test event, waits for it, and ends the flow on the status card with the outcome above it. */
async function pingAndReport(
  conversation: BotConversation,
  ctx: ConversationContext,
  flow: FlowMessage,
  endpoint: { rowId: number; url: string; base: string },
  notDeleted: string,
): Promise<void> {
  const deps = ctx.deps;
  const { t } = ctx.locale;
  const seconds = Math.round(pingWaitMs(deps) / 1000);
  let outcome: PingOutcome;
  try {
    outcome = await external(conversation, () => pingAndWait(deps, endpoint.rowId));
  } catch (err) {
    return failed(conversation, ctx, flow, err);
  }
  const status = await external(conversation, async () => {
    const row = await deps.store.webhooks.get(endpoint.rowId);
    return { row, noticesEnabled: row ? ((await deps.store.users.get(row.userId))?.noticesEnabled ?? true) : true };
  });
  if (!status.row) return;
  const note = renderPingOutcome(outcome, endpoint.url, seconds, t) + notDeleted;
  const text = webhookStatusText(status.row, { publicUrl: endpoint.base, noticesEnabled: status.noticesEnabled, note }, ctx.locale);
  // The status card is a menu, which a conversation can't draw: a button brings it up with its actions.
  await flow.finish(ctx, text, new InlineKeyboard().text(t("webhook-button-manage"), WebhookButtons.open.pack()));
}

/**
 * The one sentence for what went wrong, in the flow's message. A key refused webhooks (now known
 * unable) gets what a second /webhook would: the user's keys that may, or the button to add one.
 */
async function failed(conversation: BotConversation, ctx: ConversationContext, flow: FlowMessage, err: unknown): Promise<void> {
  const userId = ctx.from?.id;
  if (err instanceof MarketplaceError && err.isInsufficientScope && userId !== undefined) {
    // only what is shown of the keys goes into the replay log, never a sealed secret
    const keys = await external(conversation, async () =>
      (await ctx.deps.store.apiKeys.list(userId)).map(({ id, label, fingerprint, isDefault, missingScopes }) => ({ id, label, fingerprint, isDefault, missingScopes })),
    );
    const current = keys.find((k) => k.isDefault);
    if (current) {
      const offer = cannotOffer(ctx.t, current, keys.filter((k) => k.id !== current.id), "webhooks", WEBHOOK_SETUP_CONVERSATION);
      return flow.finish(ctx, offer.text, offer.keyboard);
    }
  }
  await flow.finishWithError(ctx, err);
}
