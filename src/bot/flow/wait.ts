/**
 * Waiting for the user inside a conversation, the same way in every flow:
 * - another /command leaves the conversation and runs as usual (halt with next); /cancel, which
 *   the cancel feature hands to an open flow first, leaves it and goes no further;
 * - a tap on a button this step does not expect is passed on to the rest of the bot (skip with next);
 * - anything else that is not text gets a short hint and the step keeps waiting;
 * - text that looks like a credential (an API key, a webhook secret) at a step that does not ask
 *   for one is deleted and the conversation ends in the same update: conversations v2 would
 *   otherwise keep that update, in plaintext, in the replay log it stores.
 */
import { deleteUserMessage } from "../ui/delete-message.js";
import type { BotConversation, ConversationContext } from "../context.js";
import { findAddressLike, unwrapPasted } from "../../tron/address.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Long tokens people paste that are not secrets: transaction ids and other hashes (40 or 64 hex
 * digits), Ethereum-style addresses, Bitcoin bech32 addresses, links without a scheme (t.me/+…).
 */
const NOT_SECRETS = [/^(0x)?[0-9a-f]{40}$/i, /^[0-9a-f]{64}$/i, /^(bc1|tb1|ltc1)[0-9a-z]{20,}$/i, /^[\w-]+(\.[\w-]+)+\/\S*$/];

/**
 * A key under a prefix known to mark secrets (the sandbox's `sbx_<scope>_…`, the common
 * `sk_live_…` style): its random tail may hold no digit at all (base64url: letters, `_` and `-`).
 * Other digit-less text is not taken for a key: "cold_Storage_Wallet_Main" is a label.
 */
const KNOWN_KEY_PREFIX = /^(?:sbx_(?:read|purchase|full)|[sr]k_(?:live|test))_[\w-]{16,}$/;

/** A part of a name: a word ("Binance", "USDT"), a number, a word with a number ("TRC20", "2FA", "v2"). */
const NAME_PART = /^(?:(?:[A-Z]?[a-z]+|[A-Z]+)\d*|\d+(?:[A-Z]?[a-z]+|[A-Z]+)?)$/;
const WORD = /^(?:[A-Z]?[a-z]{2,}|[A-Z]{3,})\d*$/;

/**
 * Words joined by `_`, `-` or `.` ("Binance_withdrawals_2024", "Kraken-USDT-TRC20-payouts"): a
 * label or a name. Random tokens have parts that mix case and digits at random, and rarely two
 * real-looking words of three letters or more; grouped capitals and digits ("ABCD-1234-EFGH") are
 * how licence-style keys are written, so a name needs a lowercase letter.
 */
function isJoinedWords(text: string): boolean {
  const parts = text.split(/[_.-]+/).filter((p) => p.length > 0);
  return /[a-z]/.test(text) && parts.length >= 2 && parts.every((p) => NAME_PART.test(p)) && parts.filter((p) => WORD.test(p)).length >= 2;
}

/**
 * Words run together in camel case, digits only at the end ("BinanceHotWallet2024",
 * "MainTronWalletForUSDT2"): a name. Every capital of a random token would have to start a word of
 * two lowercase letters or an acronym, and its digits all come last: about one in a million. Split
 * with lookarounds only, so the time stays linear in the text, whatever is pasted.
 */
const FIRST_WORD = /^(?:[a-z]{2,}|[A-Z][a-z]+|[A-Z]{2,5})$/;
const NEXT_WORD = /^(?:[A-Z][a-z]{2,}|[A-Z]{2,5})$/;

function isCamelCaseName(text: string): boolean {
  const parts = /^([A-Za-z]+)(\d{0,4})$/.exec(text);
  if (!parts) return false;
  const words = parts[1]!.split(/(?=[A-Z][a-z])|(?<=[a-z])(?=[A-Z])/);
  return words.length >= 2 && words.every((word, i) => (i === 0 ? FIRST_WORD : NEXT_WORD).test(word));
}

/** A single long token mixing letters and digits (not an address, id, URL or joined words), or a key under a known prefix. */
export function looksLikeCredential(text: string): boolean {
  const t = text.trim();
  if (/^whsec_/i.test(t) || KNOWN_KEY_PREFIX.test(t)) return true;
  if (t.length < 20 || /\s/.test(t) || t.includes("://") || t.startsWith("/")) return false;
  // address-shaped text is an (maybe mistyped) address, answered as such by the step
  const unwrapped = unwrapPasted(t);
  const name = isJoinedWords(unwrapped) || isCamelCaseName(unwrapped);
  if (findAddressLike(unwrapped) === unwrapped || UUID.test(unwrapped) || name || NOT_SECRETS.some((p) => p.test(unwrapped))) return false;
  return /[A-Za-z]/.test(t) && /\d/.test(t) && /^[\x21-\x7e]+$/.test(t);
}

export type Reply =
  | { kind: "text"; ctx: ConversationContext; text: string }
  | { kind: "button"; ctx: ConversationContext; data: string; match: RegExpMatchArray };

export interface WaitOptions {
  /** The step's buttons: a tap whose data matches is the answer. */
  buttons?: RegExp;
  /** Whether typed text answers the step (default yes). */
  acceptText?: boolean;
  /** The hint for a message that does not answer the step. */
  hintKey?: string;
  /** The step asks for a secret: text shaped like one is the answer, not a mistake. */
  expectsSecret?: boolean;
}

interface LeaveHooks {
  /** A tap that cancels the flow. */
  isCancel?: (ctx: ConversationContext) => boolean;
  /** Called before the conversation is left: by Cancel, or otherwise (a /command, a pasted secret). */
  onLeave?: (ctx: ConversationContext, why: "cancel" | "left") => Promise<void>;
}

export async function waitForReply(conversation: BotConversation, options: WaitOptions & LeaveHooks = {}): Promise<Reply> {
  const acceptText = options.acceptText ?? true;
  for (;;) {
    const ctx = await conversation.wait();
    const text = ctx.message?.text;
    const command = text === undefined ? undefined : /^\/([A-Za-z0-9_]+)(@\w+)?(\s|$)/.exec(text)?.[1];
    if (command !== undefined) {
      await options.onLeave?.(ctx, "left");
      // /cancel was handed here by the cancel feature, which answers it once the flow is left
      await conversation.halt({ next: command !== "cancel" });
    }
    if (options.isCancel?.(ctx)) {
      await ctx.answerCallbackQuery();
      await options.onLeave?.(ctx, "cancel");
      await conversation.halt();
    }
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) {
      const match = options.buttons ? data.match(options.buttons) : null;
      if (match) return { kind: "button", ctx, data, match };
      await conversation.skip({ next: true });
    }
    if (text !== undefined && !options.expectsSecret && looksLikeCredential(text)) {
      const deleted = await deleteUserMessage(ctx);
      await options.onLeave?.(ctx, "left");
      await ctx.reply(ctx.t(deleted ? "conversation-secret-deleted" : "conversation-secret-not-deleted"));
      await conversation.halt();
    }
    if (text !== undefined && acceptText) return { kind: "text", ctx, text: text.trim() };
    if (ctx.message) await ctx.reply(ctx.t(options.hintKey ?? (acceptText ? "conversation-send-text" : "conversation-use-buttons")));
  }
}
