/**
 * The one callback codec for every inline button that is not a @grammyjs/menu button: the bot's own
 * one-off buttons (Confirm on a purchase preview, a step of a flow) and the buttons of pushed notices,
 * which are sent outside a handler and so cannot be menus.
 *
 * One convention: `<prefix>:<field>:<field>…`, every field checked by its kind when packed and when
 * read, and the whole at most Telegram's 64 bytes. A button defined here is refused in groups unless
 * it says `inGroups` (see bot/ui/private-only.ts).
 *
 * The cards' @grammyjs/menu buttons carry their subject (a page, an order, a rule) in the menu's
 * `payload`: `definePayload` packs and reads it with the same fields, `<field>:<field>…`, checked
 * to fit the menu's own part of the callback data (bot/ui/menu.ts reads it back).
 */
import { TRON_ADDRESS_PATTERN } from "../tron/address.js";

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const WHOLE_UUID = new RegExp(`^${UUID}$`);

const FIELD_PATTERNS = {
  /** A marketplace id. */
  uuid: UUID,
  /**
   * A marketplace id in 22 characters (its 16 bytes in base64url; a `U` after them when its letters
   * were capitals), read back as the same dashed uuid.
   */
  compactUuid: "[A-Za-z0-9_-]{22}U?",
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

/** A value as its field writes it (a compact uuid from the dashed one); undefined when it does not fit. */
function packField(kind: FieldKind, value: unknown): string | undefined {
  return kind === "compactUuid" ? compactUuid(String(value)) : String(value);
}

/** A uuid as the `compactUuid` field writes it; undefined for what is not one (or of mixed case). */
export function compactUuid(id: string): string | undefined {
  const upper = id !== id.toLowerCase();
  if (!WHOLE_UUID.test(id) || (upper && id !== id.toUpperCase())) return undefined;
  return Buffer.from(id.replace(/-/g, ""), "hex").toString("base64url") + (upper ? "U" : "");
}

/** A field read back (`raw` matched its pattern). */
function readField(kind: FieldKind, raw: string): unknown {
  if (kind === "int") return Number(raw);
  if (kind === "big") return BigInt(raw);
  if (kind !== "compactUuid") return raw;
  const hex = Buffer.from(raw.slice(0, 22), "base64url").toString("hex");
  const id = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  return raw.length > 22 ? id.toUpperCase() : id;
}

/** `head` (the prefix, if any) and the fields, `:` between, matched whole; packed within `maxBytes`. */
function fieldsCodec<F extends Record<string, FieldKind>>(head: readonly string[], fields: F, maxBytes: number, name: string) {
  const names = Object.keys(fields) as Array<keyof F & string>;
  const pattern = new RegExp(`^${[...head.map(escapeRegExp), ...names.map((n) => `(${FIELD_PATTERNS[fields[n]!]})`)].join(":")}$`);
  return {
    pattern,
    pack: (values: CallbackValues<F>): string => {
      const parts = names.map((n) => packField(fields[n]!, values[n]));
      const data = [...head, ...parts].join(":");
      if (parts.includes(undefined) || !pattern.test(data)) throw new Error(`${name}: a value does not fit its field`);
      if (Buffer.byteLength(data) > maxBytes) throw new Error(`${name}: longer than ${maxBytes} bytes`);
      return data;
    },
    unpack: (data: string): CallbackValues<F> | undefined => {
      const match = pattern.exec(data);
      if (!match) return undefined;
      const values: Record<string, unknown> = {};
      names.forEach((n, i) => (values[n] = readField(fields[n]!, match[i + 1]!)));
      return values as CallbackValues<F>;
    },
  };
}

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
  const codec = fieldsCodec([prefix], fields, MAX_CALLBACK_DATA_BYTES, `callback ${prefix}`);
  return {
    prefix,
    inGroups: options.inGroups ?? false,
    pattern: codec.pattern,
    pack: (...args) => codec.pack((args[0] ?? {}) as CallbackValues<F>),
    unpack: codec.unpack,
  };
}

/**
 * What @grammyjs/menu adds around a payload in a button's callback data, past the menu's id:
 * `/<row>/<col>/` (up to two hex digits each), `/`, and the keyboard's hash (a letter and four
 * bytes decoded as UTF-8: up to 12 bytes).
 */
const MENU_PARTS_BYTES = 1 + 2 + 1 + 2 + 1 + 1 + 1 + 12;

export interface PayloadCodec<F extends Record<string, FieldKind>> {
  pack(values: CallbackValues<F>): string;
  /** The values, or undefined when `payload` is not one of these (another shape, forged). */
  unpack(payload: string): CallbackValues<F> | undefined;
}

/**
 * A menu button's payload, `<field>:<field>…`: checked when packed to fit Telegram's 64 bytes
 * beside the longest of the `menus` (their ids) it is used in.
 */
export function definePayload<F extends Record<string, FieldKind>>(fields: F, options: { menus: readonly string[] }): PayloadCodec<F> {
  const menuBytes = Math.max(...options.menus.map((id) => Buffer.byteLength(id)));
  const codec = fieldsCodec([], fields, MAX_CALLBACK_DATA_BYTES - menuBytes - MENU_PARTS_BYTES, `payload of ${options.menus.join("/")}`);
  return { pack: codec.pack, unpack: codec.unpack };
}

/** `text` matched literally inside a pattern. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
