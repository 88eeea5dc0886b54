/**
 * The one callback codec for every inline button that is not a @grammyjs/menu button: the bot's own
 * one-off buttons (Confirm on a purchase preview, a step of a flow) and the buttons of pushed notices,
 * which are sent outside a handler and so cannot be menus.
 *
 * One convention: `<prefix>:<field>:<field>…`, every field checked by its kind when packed and when
 * read, and the whole at most Telegram's 64 bytes. A button defined here is refused in groups unless
 * it says `inGroups` (see bot/ui/private-only.ts).
 */
import { TRON_ADDRESS_PATTERN } from "../tron/address.js";

const FIELD_PATTERNS = {
  /** A marketplace id. */
  uuid: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
  /** A TRON address (base58 alphabet; the checksum is the handler's business). */
  address: TRON_ADDRESS_PATTERN,
  /** A non-negative whole number of up to 19 digits, read back as a bigint. */
  big: "\\d{1,19}",
  /** A small non-negative whole number, read back as a number. */
  int: "\\d{1,9}",
  /** A short word: letters, digits, `_` and `-`. */
  word: "[A-Za-z0-9_-]{1,32}",
} as const;

export type FieldKind = keyof typeof FIELD_PATTERNS;
type ValueOf<K extends FieldKind> = K extends "int" ? number : K extends "big" ? bigint : string;
export type CallbackValues<F extends Record<string, FieldKind>> = { [N in keyof F]: ValueOf<F[N]> };

export const MAX_CALLBACK_DATA_BYTES = 64;

export interface CallbackCodec<F extends Record<string, FieldKind>> {
  readonly prefix: string;
  /** Refused in groups unless true. */
  readonly inGroups: boolean;
  /** Matches exactly this button's data (for `composer.callbackQuery`). */
  readonly pattern: RegExp;
  pack(...values: keyof F extends never ? [] : [CallbackValues<F>]): string;
  /** The values, or undefined when `data` is not this button's (or is malformed). */
  unpack(data: string): CallbackValues<F> | undefined;
}

export function defineCallback<F extends Record<string, FieldKind> = Record<never, FieldKind>>(
  prefix: string,
  fields: F = {} as F,
  options: { inGroups?: boolean } = {},
): CallbackCodec<F> {
  if (!/^[a-z][a-z0-9.]{0,11}$/.test(prefix)) throw new Error(`callback prefix "${prefix}": 1-12 lowercase letters, digits or dots`);
  const names = Object.keys(fields) as Array<keyof F & string>;
  const pattern = new RegExp(`^${[escapeRegExp(prefix), ...names.map((n) => `(${FIELD_PATTERNS[fields[n]!]})`)].join(":")}$`);
  return {
    prefix,
    inGroups: options.inGroups ?? false,
    pattern,
    pack(...args) {
      const values = (args[0] ?? {}) as CallbackValues<F>;
      const data = [prefix, ...names.map((n) => String(values[n]))].join(":");
      if (!pattern.test(data)) throw new Error(`callback ${prefix}: a value does not fit its field`);
      if (Buffer.byteLength(data) > MAX_CALLBACK_DATA_BYTES) throw new Error(`callback ${prefix}: longer than ${MAX_CALLBACK_DATA_BYTES} bytes`);
      return data;
    },
    unpack(data) {
      const match = pattern.exec(data);
      if (!match) return undefined;
      const values: Record<string, unknown> = {};
      names.forEach((n, i) => {
        const raw = match[i + 1]!;
        values[n] = fields[n] === "int" ? Number(raw) : fields[n] === "big" ? BigInt(raw) : raw;
      });
      return values as CallbackValues<F>;
    },
  };
}

/** `text` matched literally inside a pattern. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
