/**
 * /addresses as cards that change in place: the list (five to a page, a row per address, ◀️ ▶️ from
 * the one paging helper), an address's card with Buy, Check, Rename, Forget and Back, and Forget's
 * confirmation (a name the user gave would be lost with it). The list's
 * buttons carry their page; a row and the card carry `<address>:<page>` (payloads of the callback
 * codec), so a list that changed
 * since it was drawn can never open or forget another address. Install `addressesMenu` only.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { AddressCheck } from "../../../marketplace/index.js";
import type { SavedAddress } from "../../../store/recent-addresses.js";
import { SharedButtons } from "../../../telegram/shared-buttons.js";
import { isTronAddress } from "../../../tron/address.js";
import { escapeHtml } from "../../../format/html.js";
import { createCardMenu, payloadOf, setSubject } from "../../ui/menu.js";
import { pageLinks, pageOf } from "../../ui/paging.js";
import { showView, type ShowOptions } from "../../ui/view.js";
import { showChatAction } from "../../ui/chat-action.js";
import { enterFlow } from "../../flow/enter.js";
import { runEntry } from "../../flow/registry.js";
import { renderAddressCard, renderAddressList } from "./views.js";
import { labelledAddress } from "../../../tron/address-names.js";
import { definePayload } from "../../../telegram/callback-codec.js";

export const PAGE_SIZE = 5;
export const RENAME_ADDRESS_CONVERSATION = "address-label";

const entriesOf = async (ctx: BotContext): Promise<SavedAddress[]> => (ctx.from ? ctx.deps.store.recentAddresses.entries(ctx.from.id) : []);

/** What the checker says about each address now; an address it could not check gets null (the rest still show). */
function liveChecks(ctx: BotContext, addresses: readonly string[]): Promise<Array<AddressCheck | null>> {
  showChatAction(ctx, "typing");
  return Promise.all(addresses.map((a) => ctx.deps.marketplace.public.checkAddress(a).catch(() => null)));
}

const MENUS = ["adr", "adrc", "adrf"];
const LIST_PAYLOAD = definePayload({ page: "int" }, { menus: MENUS });
const CARD_PAYLOAD = definePayload({ address: "address", page: "int" }, { menus: MENUS });

const listSubject = (page: number) => LIST_PAYLOAD.pack({ page: Math.min(Math.max(page, 1), 9999) });
const cardSubject = (address: string, page: number) => CARD_PAYLOAD.pack({ address, page: Math.min(Math.max(page, 1), 9999) });

function parseCardSubject(subject: string): { address: string; page: number } | undefined {
  const card = CARD_PAYLOAD.unpack(subject);
  return card && isTronAddress(card.address) ? card : undefined;
}

const pageOfPayload = (payload: string) => parseCardSubject(payload)?.page ?? LIST_PAYLOAD.unpack(payload)?.page ?? 1;

/** The card's address, when the tapping user still has it saved; otherwise the list says it is gone. */
function onAddress(action: (ctx: BotContext, entry: SavedAddress, page: number) => Promise<unknown>) {
  return async (ctx: BotContext) => {
    const subject = parseCardSubject(payloadOf(ctx));
    const entry = subject && ctx.from ? await ctx.deps.store.recentAddresses.get(ctx.from.id, subject.address) : undefined;
    if (!subject || !entry) return showAddresses(ctx, subject?.page ?? 1, { toast: ctx.t("addresses-not-found") });
    await action(ctx, entry, subject.page);
  };
}

export const addressesMenu = createCardMenu("adr", {
  // the page's text lists the addresses its buttons open: draw it whole
  onOutdated: async (ctx) => showAddresses(ctx, pageOfPayload(payloadOf(ctx)), { toast: ctx.t("menu-outdated") }),
}).dynamic(async (ctx, range) => {
  const page = pageOf(await entriesOf(ctx), pageOfPayload(payloadOf(ctx)), PAGE_SIZE);
  page.items.forEach((entry, i) => {
    range.text({ text: `${page.offset + 1 + i}. ${labelledAddress(entry)}`, payload: cardSubject(entry.address, page.page) }, onAddress(showCard)).row();
  });
  for (const link of pageLinks(page)) {
    range.text({ text: ctx.t(link.direction === "prev" ? "button-prev" : "button-next"), payload: listSubject(page.page) }, (ctx) => showAddresses(ctx, link.page));
  }
  // energy for several of them at once (/batch, in a message of its own: the list stays)
  if (page.total >= 2) range.row().text({ text: ctx.t("batch-button-several"), payload: listSubject(page.page) }, (ctx) => runEntry(ctx, "enter-batch"));
});

const addressCardMenu = createCardMenu("adrc").dynamic((ctx, range) => {
  const subject = parseCardSubject(payloadOf(ctx));
  if (!subject) return;
  const payload = cardSubject(subject.address, subject.page);
  range
    .text({ text: ctx.t("button-buy-energy"), payload }, onAddress((ctx, entry) => runEntry(ctx, "enter-buy", { resource: "energy", address: entry.address })))
    .text({ text: ctx.t("addresses-button-check"), payload }, onAddress((ctx, entry) => runEntry(ctx, "show-address-check", entry.address, { asNew: true })))
    .row()
    .text({ text: ctx.t("addresses-button-rename"), payload }, onAddress((ctx, entry) => enterFlow(ctx, RENAME_ADDRESS_CONVERSATION, entry.address)))
    .text({ text: ctx.t("addresses-button-forget"), payload }, onAddress(askForget))
    .row()
    .text({ text: ctx.t("button-back"), payload }, (ctx) => showAddresses(ctx, subject.page));
});

const forgetMenu = createCardMenu("adrf").dynamic((ctx, range) => {
  const subject = parseCardSubject(payloadOf(ctx));
  if (!subject) return;
  const payload = cardSubject(subject.address, subject.page);
  range
    .text({ text: ctx.t("addresses-button-forget-yes"), payload }, onAddress(forget))
    .text({ text: ctx.t("addresses-button-keep"), payload }, onAddress(showCard));
});

// One menu tree, so that each can be drawn from the others' handlers (a menu tap reaches only its own tree).
addressesMenu.register([addressCardMenu, forgetMenu]);

/** A page of the list, with a note above it (what just changed); an empty list offers buying. */
export async function showAddresses(ctx: BotContext, requested = 1, options: ShowOptions & { note?: string } = {}): Promise<void> {
  const page = pageOf(await entriesOf(ctx), requested, PAGE_SIZE);
  if (page.total === 0) {
    const keyboard = new InlineKeyboard().text(ctx.t("button-buy-energy"), SharedButtons.buyEnergy.pack());
    const text = options.note ? `${options.note}\n\n${ctx.t("addresses-empty")}` : ctx.t("addresses-empty");
    await showView(ctx, { text, keyboard }, options);
    return;
  }
  const checks = await liveChecks(ctx, page.items.map((e) => e.address));
  setSubject(ctx, listSubject(page.page));
  const text = renderAddressList(page, checks, ctx.locale, options.note);
  await showView(ctx, { text, keyboard: addressesMenu }, options);
}

async function showCard(ctx: BotContext, entry: SavedAddress, page: number): Promise<void> {
  const [check] = await liveChecks(ctx, [entry.address]);
  setSubject(ctx, cardSubject(entry.address, page));
  await showView(ctx, { text: renderAddressCard(entry, check ?? null, ctx.locale), keyboard: addressCardMenu });
}

async function askForget(ctx: BotContext, entry: SavedAddress, page: number): Promise<void> {
  setSubject(ctx, cardSubject(entry.address, page));
  const text = ctx.t(entry.label ? "addresses-forget-confirm-named" : "addresses-forget-confirm", { name: escapeHtml(labelledAddress(entry)) });
  await showView(ctx, { text, keyboard: forgetMenu });
}

async function forget(ctx: BotContext, entry: SavedAddress, page: number): Promise<void> {
  if (ctx.from) await ctx.deps.store.recentAddresses.forget(ctx.from.id, entry.address);
  const note = ctx.t("addresses-forgotten", { name: escapeHtml(labelledAddress(entry)) });
  await showAddresses(ctx, page, { note, toast: ctx.t("addresses-forgotten-toast") });
}
