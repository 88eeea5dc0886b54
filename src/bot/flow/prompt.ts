/**
 * A one-question prompt, kept as explicit state instead of a conversation: /check asking for an
 * address. A conversation pays for every update it sees with a resume (its replay log read, parsed,
 * replayed with a context and plugins per step, its externals cloned, the log written back); a
 * question that the next message answers needs none of it: the store keeps which prompt is open in
 * the chat and in which message (store.prompts, a key per private chat; on SQLite read from memory,
 * an absent key too, so a chat with no prompt open costs a lookup; on PostgreSQL a read, as the
 * conversations plugin's own). Not grammY's session: it writes itself back after every update that
 * read it, which every update would then do.
 *
 * It looks and behaves as a flow's step does (FlowMessage, reply-rules.ts): the question in one
 * message with Cancel under it; a wrong answer asks again with the reason above the question; the
 * answer turns the message into the result. Cancel ends it in that message; a /command or a pasted
 * secret leaves it (the message says so) and goes on as usual; another message gets a hint. Opening
 * a prompt leaves any conversation, and whatever leaves the conversations closes the prompt too
 * (flow/enter.ts): a chat has one question open at a time.
 */
import { InlineKeyboard, type MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";
import { placeView } from "../ui/view.js";
import { isCancelOf, showLeft, withCancel, withReason } from "./flow-message.js";
import { readReply } from "./reply-rules.js";

/** An answer to a prompt: typed text (trimmed), or a tap on one of its buttons. */
export type PromptReply = { kind: "text"; text: string } | { kind: "button"; data: string; match: RegExpMatchArray };

export interface Prompt {
  readonly id: string;
  /** The question: its text and its own buttons (Cancel is added under them). */
  ask(ctx: BotContext): Promise<{ text: string; keyboard?: InlineKeyboard }>;
  /** Which taps answer it; other taps pass on to the rest of the bot. */
  readonly buttons?: RegExp;
  /**
   * Takes an answer: shows the result in the prompt's message (`messageId`) and returns nothing,
   * or returns why the answer was not taken (the question is asked again with it above).
   */
  answer(ctx: BotContext, reply: PromptReply, messageId: number): Promise<{ reason: string } | undefined>;
}

/** Shows the question in the message `messageId` (or as a new message), with Cancel under its buttons. */
async function show(ctx: BotContext, prompt: Prompt, messageId: number | undefined, reason?: string): Promise<number | undefined> {
  const { text, keyboard = new InlineKeyboard() } = await prompt.ask(ctx);
  const view = { text: reason === undefined ? text : withReason(reason, text), keyboard: withCancel(keyboard, ctx.t("button-cancel")) };
  const shown = await placeView(ctx, view, messageId === undefined ? { asNew: true } : { messageId });
  return shown.messageId;
}

/** The chat a prompt may be open in: a private chat only (there, one person answers). */
const privateChat = (ctx: BotContext): number | undefined => (ctx.chat?.type === "private" ? ctx.chat.id : undefined);
/** The chat's key in store.prompts. */
const promptKey = (ctx: BotContext): string | undefined => privateChat(ctx)?.toString();

/** Asks `prompt` in a new message of a private chat; the chat's next answer goes to it. Any conversation open is left. */
export async function openPrompt(ctx: BotContext, prompt: Prompt): Promise<void> {
  const key = promptKey(ctx);
  if (key === undefined) throw new Error(`the prompt "${prompt.id}" is asked in a private chat only`);
  await ctx.conversation.exitAll();
  const messageId = await show(ctx, prompt, undefined);
  if (messageId !== undefined) await ctx.deps.store.prompts.write(key, { id: prompt.id, messageId });
}

/** Forgets the chat's open prompt, its message left as it is (something else takes over the chat). */
export async function closePrompt(ctx: BotContext): Promise<void> {
  const key = promptKey(ctx);
  // a chat whose update was looked up (promptsWhileOpen) writes nothing when none is open (store/kv-storage.ts)
  if (key !== undefined) await ctx.deps.store.prompts.delete(key);
}

/** Whether the chat has a prompt open (the cancel feature hands /cancel to it first). */
export async function hasOpenPrompt(ctx: BotContext): Promise<boolean> {
  const key = promptKey(ctx);
  return key !== undefined && (await ctx.deps.store.prompts.read(key)) !== undefined;
}

/** Installed beside the flows: a message or tap in a chat with a prompt open is read against it first. */
export function promptsWhileOpen(prompts: readonly Prompt[]): MiddlewareFn<BotContext> {
  const byId = new Map(prompts.map((p) => [p.id, p]));
  return async (ctx, next) => {
    const chatId = privateChat(ctx);
    if ((!ctx.message && !ctx.callbackQuery) || chatId === undefined) return next();
    const key = String(chatId);
    const { prompts: store } = ctx.deps.store;
    const open = await store.read(key);
    if (!open) return next();
    const close = () => store.delete(key);
    const prompt = byId.get(open.id);
    if (!prompt) {
      // a prompt this bot no longer has (a release removed it): forgotten; /cancel, handed here, goes no further
      await close();
      const read = readReply(ctx, {});
      if (read.kind !== "leave" || read.next) await next();
      return;
    }
    const read = readReply(ctx, { ...(prompt.buttons ? { buttons: prompt.buttons } : {}), isCancel: (c) => isCancelOf(c, open.messageId) });
    switch (read.kind) {
      case "pass":
      case "not-yours":
      case "ignore":
        return next();
      case "leave":
        await close();
        await showLeft(ctx, chatId, open.messageId, ctx.t("cancel-done"));
        // the command is then answered as usual (/cancel: by the cancel feature, once the prompt is left)
        if (read.next) await next();
        return;
      case "cancel":
        await close();
        await ctx.answerCallbackQuery();
        await placeView(ctx, { text: ctx.t("cancel-done"), keyboard: InlineKeyboard.from([]) }, { messageId: open.messageId });
        return;
      case "hint":
        await ctx.reply(ctx.t(read.hintKey));
        return;
      case "text":
      case "button": {
        let outcome: { reason: string } | undefined;
        try {
          outcome = await prompt.answer(ctx, read, open.messageId);
        } catch (err) {
          // as a conversation that throws is dropped: the error boundary answers, the question is not asked again
          await close();
          throw err;
        }
        if (!outcome) return close();
        const shownIn = await show(ctx, prompt, open.messageId, outcome.reason);
        // the question's message was gone (deleted, too old to edit): asked again in a new one, which is the prompt's now
        if (shownIn !== undefined && shownIn !== open.messageId) await store.write(key, { id: open.id, messageId: shownIn });
        return;
      }
    }
  };
}
