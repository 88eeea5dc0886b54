/** The Telegram update inbox (webhook mode): recorded at once, handled in order. See inbox.ts. */
export { createInbox, InboxStoppedError, type Inbox, type InboxSettings } from "./inbox.js";
export { handleWithBot } from "./handle-with-bot.js";
export { updateKind } from "./chat-key.js";
