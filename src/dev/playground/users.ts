/** The playground's people and chats: a user per browser tab (?user=), one shared group. */
export const GROUP_CHAT_ID = -4_000_001;
/** A channel only the bot posts in: where notices can go (/settings, "Also to a group or channel"). */
export const CHANNEL_CHAT_ID = -1_004_000_002;
export const PLAYGROUND_LOCALES = ["en", "ru", "zh"] as const;
export type PlaygroundLocale = (typeof PLAYGROUND_LOCALES)[number];

const NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"];

/** A stable first name per user id, so a group shows who wrote what. */
export function firstNameOf(userId: number): string {
  return NAMES[(userId - 1) % NAMES.length] ?? "User";
}

export function parseUserId(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** A user sees their own private chat with the bot, the group and the channel. */
export function parseChatFor(userId: number, value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^-?\d{1,13}$/.test(value) ? Number(value) : NaN;
  return n === userId || n === GROUP_CHAT_ID || n === CHANNEL_CHAT_ID ? n : undefined;
}

export function parseLocale(value: unknown): PlaygroundLocale {
  return (PLAYGROUND_LOCALES as readonly unknown[]).includes(value) ? (value as PlaygroundLocale) : "en";
}
