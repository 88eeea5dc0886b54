/** What an API key can look like, checked before any call: one token of header-safe ASCII. */
import { isUsableHeaderValue } from "../../../marketplace/index.js";

export const MIN_KEY_LENGTH = 8;
export const MAX_KEY_LENGTH = 256;

export function isPlausibleApiKey(text: string): boolean {
  return text.length >= MIN_KEY_LENGTH && text.length <= MAX_KEY_LENGTH && !/\s/.test(text) && isUsableHeaderValue(text);
}
