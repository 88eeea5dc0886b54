/**
 * A prompt: a question (or a flow of questions) kept as explicit state instead of a conversation:
 * /check asking for an address, /buy asking its resource, address, volume and duration. A
 * conversation pays for every update it sees with a resume (its replay log read, parsed, replayed
 * with a context and plugins per step, its externals cloned, the log written back); a question
 * that the next message answers needs none of it: the store keeps which prompt is open in the chat,
 * in which message, the question it shows there and the prompt's own state (the answers so far),
 * a key per chat (store.prompts; on SQLite read from memory, an absent key too, so a chat with no
 * prompt open costs a lookup; on PostgreSQL a read, as the conversations plugin's own). Not
 * grammY's session: it writes itself back after every update that read it, which every update
 * would then do.
 *
 * It looks and behaves as a flow's step does (FlowMessage, reply-rules.ts): the question in one
 * message with Cancel under it; a wrong answer asks again with the reason above the question; an
 * answer turns the message into the next question, or into the result. Cancel ends it in that
 * message; a /command or a pasted secret leaves it (the message says so) and goes on as usual;
 * another message gets a hint. In a group, only the user who opened it answers (`from`): anyone
 * else's messages pass it by, and their taps on its buttons are told it is not theirs. Opening a
 * prompt leaves any conversation, and whatever leaves the conversations closes the prompt too
 * (flow/enter.ts): a chat has one question open at a time.
 */
import { InlineKeyboard, type MiddlewareFn } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { BotContext } from "../context.js";
import type { OpenPrompt } from "../../store/index.js";
import { placeView } from "../ui/view.js";
import { isCancelOf, showLeft, withCancel, withReason } from "./flow-message.js";
import { readReply, type ReplyRules } from "./reply-rules.js";
import { exitConversations } from "./open-flows.js";

/** An answer to a prompt: typed text (trimmed), or a tap on one of its buttons. */
export type PromptReply = { kind: "text"; text: string } | { kind: "button"; data: string; match: RegExpMatchArray };

/** A question: its text and its own buttons (Cancel is added under them). */
export interface Question {
  text: string;
  keyboard?: InlineKeyboard;
}

/**
 * What an answer led to: why it was not taken (the question is asked again with it above), the
 * next question in the prompt's message with the state it asks in, or nothing: the prompt is done
 * (the answer showed its result in the prompt's message).
 */
export type PromptOutcome<S> = { reason: string } | { next: Question; state: S } | undefined;

export interface Prompt<S = unknown> {
  readonly id: string;
  /**
   * Bumped when the state's shape changes: a record written with another version is forgotten (as
   * CONVERSATIONS_VERSION drops the conversations' state), never read as the new shape.
   */
  readonly version?: number;
  /** How an update is read while the prompt asks in `state`: which taps answer it, whether text does, the hint. */
  rules(state: S): Pick<ReplyRules, "buttons" | "acceptText" | "hintKey">;
  /** Takes an answer given in the prompt's message `messageId`, asked in `state`. */
  answer(ctx: BotContext, reply: PromptReply, open: { messageId: number; state: S }): Promise<PromptOutcome<S>>;
}

/** The chat's key in store.prompts. */
const promptKey = (ctx: BotContext): string | undefined => ctx.chat?.id.toString();

type StoredQuestion = NonNullable<OpenPrompt["question"]>;

const stored = ({ text, keyboard }: Question): StoredQuestion => ({ text, keyboard: keyboard?.inline_keyboard.filter((row) => row.length > 0) ?? [] });

/** Shows the stored question in `messageId` (or as a new message: `asNew`), with Cancel under its buttons. */
async function show(ctx: BotContext, question: StoredQuestion, where: { messageId?: number | undefined }, reason?: string): Promise<number | undefined> {
  const keyboard = InlineKeyboard.from(question.keyboard as InlineKeyboardButton[][]);
  const view = { text: reason === undefined ? question.text : withReason(reason, question.text), keyboard: withCancel(keyboard, ctx.t("button-cancel")) };
  const shown = await placeView(ctx, view, where.messageId === undefined ? { asNew: true } : { messageId: where.messageId });
  return shown.messageId;
}

/**
 * Asks `prompt`'s first question, in a new message or in `messageId` (the tapped card a flow takes
 * over), in `state`; the chat's next answer goes to it. Only `from` answers it: by default, in a
 * group, the user who opened it (in a private chat, whoever writes there). Any conversation open is left.
 */
export async function openPrompt<S>(
  ctx: BotContext,
  prompt: Prompt<S>,
  first: { question: Question; state?: S; from?: number; messageId?: number | undefined },
): Promise<void> {
  const key = promptKey(ctx);
  if (key === undefined) throw new Error(`the prompt "${prompt.id}" is asked in a chat only`);
  await exitConversations(ctx);
  const question = stored(first.question);
  const messageId = await show(ctx, question, { messageId: first.messageId });
  if (messageId === undefined) return;
  const open: OpenPrompt = { id: prompt.id, messageId, question };
  if (first.state !== undefined) open.state = first.state;
  if (prompt.version !== undefined) open.v = prompt.version;
  const from = first.from ?? (ctx.chat?.type === "private" ? undefined : ctx.from?.id);
  if (from !== undefined) open.from = from;
  await ctx.deps.store.prompts.write(key, open);
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
  const inPrompt = async (ctx: BotContext, next: () => Promise<void>, key: string): Promise<void> => {
    const { prompts: store } = ctx.deps.store;
    const open = await store.read(key);
    if (!open) return next();
    const close = () => store.delete(key);
    const prompt = byId.get(open.id);
    const question = open.question;
    if (!prompt || question === undefined || open.v !== prompt.version) {
      // a prompt this bot no longer has, or kept by a release that wrote another shape (or no
      // question): forgotten; /cancel, handed here, goes no further
      await close();
      const read = readReply(ctx, {});
      if (read.kind !== "leave" || read.next) await next();
      return;
    }
    const rules: ReplyRules = { ...prompt.rules(open.state), isCancel: (c) => isCancelOf(c, open.messageId) };
    if (open.from !== undefined) rules.from = open.from;
    const read = readReply(ctx, rules);
    switch (read.kind) {
      case "pass":
      case "ignore":
        return next();
      case "not-yours":
        // a tap on this prompt's own buttons by someone else: told so, and dropped
        await ctx.answerCallbackQuery({ text: ctx.t("flow-not-yours") });
        return;
      case "leave":
        await close();
        await showLeft(ctx, ctx.chat!.id, open.messageId, ctx.t("cancel-done"));
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
        let outcome: PromptOutcome<unknown>;
        try {
          outcome = await prompt.answer(ctx, read, { messageId: open.messageId, state: open.state });
        } catch (err) {
          // as a conversation that throws is dropped: the error boundary answers, the question is not asked again
          await close();
          throw err;
        }
        if (!outcome) return close();
        if ("next" in outcome) {
          const question = stored(outcome.next);
          const shownIn = await show(ctx, question, { messageId: open.messageId });
          await store.write(key, { ...open, messageId: shownIn ?? open.messageId, question, state: outcome.state });
          return;
        }
        const shownIn = await show(ctx, question, { messageId: open.messageId }, outcome.reason);
        // the question's message was gone (deleted, too old to edit): asked again in a new one, which is the prompt's now
        if (shownIn !== undefined && shownIn !== open.messageId) await store.write(key, { ...open, messageId: shownIn });
        return;
      }
    }
  };
  // not an async function: on SQLite most chats are known to have no prompt open, and pass on as they came
  return (ctx, next) => {
    const key = promptKey(ctx);
    if ((!ctx.message && !ctx.callbackQuery) || key === undefined || ctx.deps.store.prompts.knownAbsent(key)) return next();
    return inPrompt(ctx, next, key);
  };
}
