/**
 * JSON parsing that keeps int64 values exact. `JSON.parse` turns an integer literal above 2^53 into
 * the nearest double, so the damage is done before any schema sees it. Here, integer literals
 * outside the safe range are quoted in the raw text first; they arrive as digit strings, which the
 * int64 schemas turn into bigint like any other numeric string. Everything else is `JSON.parse`.
 */

const CHAR_QUOTE = 0x22;
const CHAR_BACKSLASH = 0x5c;
const CHAR_MINUS = 0x2d;
const CHAR_DOT = 0x2e;
const CHAR_0 = 0x30;
const CHAR_9 = 0x39;
const CHAR_E = 0x45;
const CHAR_e = 0x65;
const CHAR_PLUS = 0x2b;

/** A safe integer has at most 16 digits; text without a 16-digit run needs no rewriting. */
const MAYBE_UNSAFE = /\d{16}/;
const JSON_INTEGER = /^-?(?:0|[1-9]\d*)$/;

function isDigit(code: number): boolean {
  return code >= CHAR_0 && code <= CHAR_9;
}

/**
 * Returns `text` with every integer literal that is not a safe JS integer wrapped in quotes.
 * String contents (including escaped quotes) are left alone; fractions and exponents are left alone.
 */
export function quoteUnsafeIntegers(text: string): string {
  if (!MAYBE_UNSAFE.test(text)) return text;
  const n = text.length;
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === CHAR_QUOTE) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === CHAR_BACKSLASH) i += 2;
        else if (d === CHAR_QUOTE) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c !== CHAR_MINUS && !isDigit(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === CHAR_MINUS) i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    const intEnd = i;
    let integer = true;
    if (i < n && text.charCodeAt(i) === CHAR_DOT) {
      integer = false;
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
    }
    if (i < n && (text.charCodeAt(i) === CHAR_E || text.charCodeAt(i) === CHAR_e)) {
      integer = false;
      i++;
      if (i < n && (text.charCodeAt(i) === CHAR_PLUS || text.charCodeAt(i) === CHAR_MINUS)) i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
    }
    if (!integer) continue;
    const literal = text.slice(start, intEnd);
    if (!JSON_INTEGER.test(literal) || Number.isSafeInteger(Number(literal))) continue;
    out += `${text.slice(copied, start)}"${literal}"`;
    copied = intEnd;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `JSON.parse` with exact big integers (as digit strings). Throws SyntaxError on malformed JSON. */
export function parseJsonExact(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return JSON.parse(quoteUnsafeIntegers(body)) as unknown;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * `JSON.stringify` for request bodies: a bigint goes out as a number when it is a safe integer and as
 * a decimal string otherwise (the spec accepts both), so nothing is ever rounded on the way out.
 */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== "bigint") return v;
    return v >= MIN_SAFE && v <= MAX_SAFE ? Number(v) : v.toString();
  });
}
