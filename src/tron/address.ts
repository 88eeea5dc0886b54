import { createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";

/** TRON addresses: base58check of 21 bytes, 0x41 followed by the 20-byte account id. */
const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

export type TronAddress = string & { readonly __brand: "TronAddress" };

/** What an address looks like (T and 33 base58 characters), for building patterns; checksum not checked. */
export const TRON_ADDRESS_PATTERN = "T[1-9A-HJ-NP-Za-km-z]{33}";
export const TRON_ADDRESS_SHAPE = new RegExp(`^${TRON_ADDRESS_PATTERN}$`);
const ADDRESS_IN_TEXT = new RegExp(`\\b${TRON_ADDRESS_PATTERN}\\b`, "g");
/** A T and 24 to 39 more base58 characters: meant as an address, even with a character missing or extra. */
const ADDRESS_ATTEMPT = /^T[1-9A-HJ-NP-Za-km-z]{24,39}$/;

/** Whether `word` was most likely typed as a TRON address (valid or not), rather than as a name or a word. */
export function looksLikeAddressAttempt(word: string): boolean {
  return ADDRESS_ATTEMPT.test(word);
}

/**
 * Addresses whose checksum was verified lately (the last few thousand; emptied when full): the same
 * few come back on every card, button and flow step, and the check is two SHA-256 rounds.
 */
const VERIFIED_KEPT = 4_096;
const verified = new Set<string>();

export function isTronAddress(value: string): value is TronAddress {
  if (verified.has(value)) return true;
  if (!TRON_ADDRESS_SHAPE.test(value)) return false;
  try {
    const bytes = base58check.decode(value);
    if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return false;
  } catch {
    return false;
  }
  if (verified.size >= VERIFIED_KEPT) verified.clear();
  verified.add(value);
  return true;
}

/** Builds an address from a 20-byte account id (used by the sandbox and tests). */
export function tronAddressFromAccountId(accountId: Uint8Array): TronAddress {
  if (accountId.length !== 20) throw new RangeError("account id must be 20 bytes");
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(accountId, 1);
  return base58check.encode(bytes) as TronAddress;
}

/** Quotes, brackets and backticks that often come along when an address (or anything) is copied. */
const COPY_WRAPPING = /^[\s"'`«»“”‘’<>()[\]{}]+|[\s"'`«»“”‘’<>()[\]{}.,;:!?]+$/g;

/** `text` without what copying it from a web page or a message tends to wrap it in. */
export function unwrapPasted(text: string): string {
  return text.replace(COPY_WRAPPING, "");
}

/** Finds the first thing that looks like a TRON address in free text (not validated). */
export function findAddressLike(text: string): string | undefined {
  return findAddressesLike(text)[0];
}

/** Everything that looks like a TRON address in free text, in order (not validated). */
export function findAddressesLike(text: string): string[] {
  return text.match(ADDRESS_IN_TEXT) ?? [];
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
