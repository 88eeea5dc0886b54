/** The fake Bot API's shared parts: its types, limits and constants, the error it answers with, and reading a call's parameters. */
import type { FakeAdminRights, FakeMemberStatus, RecordedCall } from "./types.js";

// ---------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------

export type Json = Record<string, unknown>;
export type ChatType = "private" | "group" | "supergroup" | "channel";

export const DEFAULT_TOKEN = "123456:TEST-TOKEN";
export const MAX_TEXT = 4096;
export const MAX_CAPTION = 1024;
export const MAX_CALLBACK_DATA_BYTES = 64;
export const MAX_CALLBACK_ANSWER = 200;
export const MAX_BODY_BYTES = 50 * 1024 * 1024;
export const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";
export const QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid";

export const NUMERIC_KEYS = new Set([
  "chat_id",
  "from_chat_id",
  "message_id",
  "user_id",
  "offset",
  "limit",
  "timeout",
  "reply_to_message_id",
  "message_thread_id",
  "cache_time",
  "max_connections",
  "until_date",
]);
export const BOOL_KEYS = new Set([
  "show_alert",
  "disable_notification",
  "protect_content",
  "is_personal",
  "drop_pending_updates",
  "has_spoiler",
  "show_caption_above_media",
  "allow_sending_without_reply",
  "disable_web_page_preview",
  "allow_paid_broadcast",
]);
export const JSON_KEYS = new Set([
  "reply_markup",
  "allowed_updates",
  "commands",
  "scope",
  "entities",
  "caption_entities",
  "results",
  "reply_parameters",
  "link_preview_options",
  "button",
  "message_ids",
  "menu_button",
  "media",
]);
export const BUTTON_ACTIONS = [
  "url",
  "callback_data",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
];

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}
export const bad = (description: string) => new ApiError(400, `Bad Request: ${description}`);

export const ABORTED: unique symbol = Symbol("aborted");

export interface UploadedFile {
  filename?: string;
  contentType?: string;
  data: Buffer;
}
export interface CallContext {
  files: Map<string, UploadedFile>;
  /** Registers a callback run if the client goes away before the answer. */
  onAbort(cb: () => void): void;
}
export type Handler = (p: Json, ctx: CallContext) => unknown;

export interface UserInfo {
  id: number;
  firstName: string;
  username?: string;
  languageCode: string;
}
export interface MsgRecord {
  messageId: number;
  from: "bot" | "user";
  /** Current Telegram Message object. */
  message: Json;
  text?: string;
  caption?: string;
  entities?: unknown[];
  photo: boolean;
  document?: { fileName: string; mimeType?: string };
  replyMarkup?: Json;
  deleted: boolean;
  editedCount: number;
  bytes?: Buffer;
}
export interface ChatState {
  id: number;
  type: ChatType;
  title?: string;
  username?: string;
  messages: Map<number, MsgRecord>;
  nextMessageId: number;
  /** Statuses set with setChatMember (anyone else has "left"). */
  members: Map<number, { status: FakeMemberStatus; rights: FakeAdminRights }>;
}
export interface StoredPhoto {
  sizes: Json[];
  bytes?: Buffer;
}
export interface PendingPoll {
  limit: number;
  timer: NodeJS.Timeout;
  finish(outcome?: ApiError | "aborted"): void;
}
export interface CallWaiter {
  methods: string[];
  predicate?: (payload: Record<string, unknown>) => boolean;
  resolve(call: RecordedCall): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
export const nowSec = () => Math.floor(Date.now() / 1000);
export const errMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
export const clone = <T>(v: T): T => structuredClone(v);
/** Runs `fn` now and settles with its result, or rejects with what it threw, as an async function would. */
export const promised = <T>(fn: () => T): Promise<T> => new Promise<T>((resolve) => resolve(fn()));

export function errorBody(err: ApiError): Json {
  const body: Json = { ok: false, error_code: err.code, description: err.description };
  if (err.retryAfter !== undefined) body.parameters = { retry_after: err.retryAfter };
  return body;
}

export function getString(p: Json, key: string): string | undefined {
  const v = p[key];
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

export function getInt(p: Json, key: string): number | undefined {
  const v = p[key];
  if (typeof v === "number" && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim())) return Math.trunc(Number(v));
  return undefined;
}

export function chatIdOf(p: Json): number {
  const v = p.chat_id;
  if (v === undefined || v === null || v === "") throw bad("chat_id is empty");
  if (typeof v === "number" && Number.isInteger(v)) return v;
  if (typeof v === "string" && /^-?\d+$/.test(v)) return Number(v);
  throw bad("chat not found");
}

export function messageIdOf(p: Json): number {
  const id = getInt(p, "message_id");
  if (id === undefined) throw bad("message identifier is not specified");
  return id;
}

export function normalizePayload(p: Json): Json {
  for (const [k, v] of Object.entries(p)) {
    if (typeof v !== "string") continue;
    if (NUMERIC_KEYS.has(k) && /^-?\d+$/.test(v)) p[k] = Number(v);
    else if (BOOL_KEYS.has(k) && (v === "true" || v === "false")) p[k] = v === "true";
    else if (JSON_KEYS.has(k) && /^\s*[[{]/.test(v)) {
      try {
        p[k] = JSON.parse(v) as unknown;
      } catch {
        // left as a string; the handler reports it
      }
    }
  }
  return p;
}
