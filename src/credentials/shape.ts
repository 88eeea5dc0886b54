/**
 * What a credential looks like: the one test every part of the bot asks (a flow's step, a message
 * outside any flow, the key prompt). Pure: text in, an answer out.
 *
 * - `looksLikeCredential`: one token that is a secret (an API key, a webhook signing secret).
 * - `findCredential`: the first such token anywhere in a message ("my key is sbx_read_…"), so a
 *   key inside a sentence is treated exactly as one pasted alone.
 * - `isPlausibleApiKey`: what the marketplace could take as an API key (checked before any call).
 * - `scopeNamedByKey`: the access level a key's own prefix names (the sandbox's `sbx_<scope>_…`).
 */
import { findAddressLike, unwrapPasted } from "../tron/address.js";
import { isUsableHeaderValue } from "../marketplace/index.js";

export type KeyScope = "read" | "purchase" | "full";

export const MIN_KEY_LENGTH = 8;
export const MAX_KEY_LENGTH = 256;

/** One token of header-safe ASCII, of a key's length. */
export function isPlausibleApiKey(text: string): boolean {
  return text.length >= MIN_KEY_LENGTH && text.length <= MAX_KEY_LENGTH && !/\s/.test(text) && isUsableHeaderValue(text);
}

/** A webhook endpoint's signing secret in the common `whsec_…` form (not an API key). */
export function isWebhookSecret(text: string): boolean {
  return /^whsec_/i.test(text);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Long tokens people paste or write that are not secrets: transaction ids and other hashes (40 or
 * 64 hex digits), Ethereum-style addresses, Bitcoin bech32 addresses, links without a scheme
 * (t.me/+…), e-mail addresses, @mentions and #hashtags.
 */
const NOT_SECRETS = [
  /^(0x)?[0-9a-f]{40}$/i,
  /^[0-9a-f]{64}$/i,
  /^(bc1|tb1|ltc1)[0-9a-z]{20,}$/i,
  /^[\w-]+(\.[\w-]+)+\/\S*$/,
  /^[^@\s]+@[\w-]+(\.[\w-]+)+$/,
  /^[@#]\w+$/,
];

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

/**
 * Letters of one case, then only digits ("notakeyjustwords12345", "PROMOCODE2024"): words typed
 * with a number after them. A random token's digits fall anywhere and its letters mix case.
 */
const WORDS_THEN_NUMBER = /^(?:[a-z]+|[A-Z]+)\d+$/;

/** A single long token mixing letters and digits (not an address, id, URL, name or words with a number), or a key under a known prefix. */
export function looksLikeCredential(text: string): boolean {
  const t = text.trim();
  if (isWebhookSecret(t) || KNOWN_KEY_PREFIX.test(t)) return true;
  if (t.length < 20 || /\s/.test(t) || t.includes("://") || t.startsWith("/")) return false;
  // address-shaped text is an (maybe mistyped) address, answered as such by the step
  const unwrapped = unwrapPasted(t);
  const name = isJoinedWords(unwrapped) || isCamelCaseName(unwrapped) || WORDS_THEN_NUMBER.test(unwrapped);
  if (findAddressLike(unwrapped) === unwrapped || UUID.test(unwrapped) || name || NOT_SECRETS.some((p) => p.test(unwrapped))) return false;
  return /[A-Za-z]/.test(t) && /\d/.test(t) && /^[\x21-\x7e]+$/.test(t);
}

/**
 * The credential in a message: the whole text when it is one, else the first word of it that is
 * one, without the quotes or punctuation around it, or the value of a `name=value` / `name:value`
 * word ("API_KEY=sk_live_…"). Undefined when nothing in the message is shaped like a secret.
 */
export function findCredential(text: string): string | undefined {
  const whole = text.trim();
  if (looksLikeCredential(whole)) return whole;
  for (const word of whole.split(/\s+/)) {
    const token = unwrapPasted(word);
    if (token.includes("://")) continue;
    const value = /[:=]([^:=]+)$/.exec(token)?.[1];
    if (value !== undefined && looksLikeCredential(value)) return value;
    if (looksLikeCredential(token)) return token;
  }
  return undefined;
}

/** The access level a key names in its own prefix (sandbox keys: `sbx_<scope>_…`); undefined for any other key. */
export function scopeNamedByKey(apiKey: string): KeyScope | undefined {
  return /^sbx_(read|purchase|full)_/.exec(apiKey)?.[1] as KeyScope | undefined;
}
