/**
 * /webhook's status card: Test again, Notices on/off, Change endpoint, Delete endpoint (after a
 * confirm: the marketplace stops delivering and the secret is lost).
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import { MarketplaceError } from "../../../marketplace/errors.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { replyWithError } from "../../errors/reply.js";
import { createCardMenu } from "../../ui/menu.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { enterFlow } from "../../flow/enter.js";
import { endpointKeyId, pingAndWait, pingWaitMs, WEBHOOK_SETUP_CONVERSATION } from "./flow.js";
import { receiverBase, receiverUrl, renderPingOutcome, webhookStatusText } from "./views.js";

const noticesOn = async (ctx: BotContext) => (ctx.from ? ((await ctx.deps.store.users.get(ctx.from.id))?.noticesEnabled ?? true) : true);

/** The user's finished endpoint (id and secret given), if any. */
export async function configuredEndpoint(ctx: BotContext) {
  const row = ctx.from ? await ctx.deps.store.webhooks.forUser(ctx.from.id) : undefined;
  return row?.endpointId && row.sealedSecret ? row : undefined;
}

export const webhookMenu = createCardMenu("webhook")
  .text((ctx) => ctx.t("webhook-button-test"), test)
  .text(
    async (ctx) => ctx.t((await noticesOn(ctx)) ? "webhook-button-notices-off" : "webhook-button-notices-on"),
    async (ctx) => {
      const enabled = !await noticesOn(ctx);
      await ctx.deps.store.users.update(ctx.from.id, { noticesEnabled: enabled });
      await showStatus(ctx, undefined, { toast: ctx.t(enabled ? "webhook-notices-turned-on" : "webhook-notices-turned-off") });
    },
  )
  .row()
  .text(
    (ctx) => ctx.t("webhook-button-change"),
    async (ctx) => {
      if (receiverBase(ctx.deps)) await enterFlow(ctx, WEBHOOK_SETUP_CONVERSATION);
    },
  )
  .text(
    (ctx) => ctx.t("webhook-button-delete"),
    async (ctx) => {
      if (!await configuredEndpoint(ctx)) return showStatus(ctx);
      await showView(ctx, { text: ctx.t("webhook-delete-confirm"), keyboard: webhookDeleteMenu });
    },
  );

const webhookDeleteMenu = createCardMenu("webhook-delete")
  .text((ctx) => ctx.t("webhook-button-delete-confirm"), remove)
  .row()
  .text(
    (ctx) => ctx.t("button-back"),
    (ctx) => showStatus(ctx),
  );

webhookMenu.register(webhookDeleteMenu);

/** The status card (with a note above it), or "no endpoint". */
export async function showStatus(ctx: BotContext, note?: string, options: ShowOptions = {}): Promise<void> {
  const row = await configuredEndpoint(ctx);
  const base = receiverBase(ctx.deps);
  if (!row || !base) {
    await showView(ctx, { text: ctx.t("webhook-none"), keyboard: new InlineKeyboard() }, options);
    return;
  }
  const text = webhookStatusText(row, { publicUrl: base, noticesEnabled: await noticesOn(ctx), note }, ctx.locale);
  await showView(ctx, { text, keyboard: webhookMenu }, options);
}

async function test(ctx: BotContext): Promise<void> {
  const row = await configuredEndpoint(ctx);
  const base = receiverBase(ctx.deps);
  if (!row || !base) return showStatus(ctx);
  const seconds = Math.round(pingWaitMs(ctx.deps) / 1000);
  await ctx.answerCallbackQuery({ text: ctx.t("webhook-test-started", { seconds }) });
  try {
    const outcome = await pingAndWait(ctx.deps, row.id);
    await showStatus(ctx, renderPingOutcome(outcome, receiverUrl(base, row.routeToken), seconds, ctx.t));
  } catch (err) {
    await replyWithError(ctx, err);
  }
}

async function remove(ctx: BotContext): Promise<void> {
  const row = ctx.from ? await ctx.deps.store.webhooks.forUser(ctx.from.id) : undefined;
  if (!row) {
    // A second tap, after the first one deleted it.
    await ctx.answerCallbackQuery({ text: ctx.t("webhook-none") });
    return;
  }
  if (row.endpointId) {
    const keyId = await endpointKeyId(ctx.deps.store, row);
    try {
      await withUserClient(ctx.deps, row.userId, (client) => client.deleteWebhook(row.endpointId!), { keyId, needs: "full" });
    } catch (err) {
      // Already gone on the marketplace's side: forgetting it here is all that is left to do.
      if (!(err instanceof MarketplaceError && err.isNotFound)) {
        await replyWithError(ctx, err, { edit: true });
        return;
      }
    }
  }
  await ctx.deps.store.webhooks.remove(row.userId, row.id);
  // An empty keyboard: an edit inside a menu handler otherwise keeps the menu.
  await showView(ctx, { text: ctx.t("webhook-deleted"), keyboard: new InlineKeyboard() });
}
