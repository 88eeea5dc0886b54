/**
 * Runs recorded updates through the bot: one chat's updates one at a time, in update_id order,
 * different chats at once (up to `concurrency` chats; the others wait their turn in arrival order).
 *
 * It knows nothing of the database: the inbox tells it which updates it may handle (`enqueue`),
 * and it asks the inbox back through `Handling`: each update done (`handled`), and a chat whose
 * queue ran dry (`drained`), which may bring more updates of that chat recorded elsewhere. An update
 * being recorded here for a chat (`expect`) keeps the chat from being let go until it arrives.
 */
import type { Update } from "grammy/types";

export interface Handling {
  /** Runs one update through the bot; never rejects. */
  handle(update: Update): Promise<void>;
  /** The update was handled (the inbox records that). */
  handled(update: Update): void;
  /**
   * The chat's queue ran dry. "released": the chat is let go; "kept" with updates: go on with these;
   * "lost": another process handles the chat now.
   */
  drained(chatKey: string): Promise<{ kind: "released" } | { kind: "kept"; updates: Update[] } | { kind: "lost" }>;
  /** Before the next update of a chat: updates of it recorded elsewhere meanwhile (merged in order). */
  refill?(chatKey: string): Promise<Update[]>;
  /** Work arrived for a chat while it was being let go: may it be taken again? */
  retake(chatKey: string): Promise<boolean>;
  /** A tap in a chat busy for `busyForMs` may run beside the update in hand (the bot answers it at once). */
  overtakes?(update: Update, busyForMs: number): boolean;
}

interface Chat {
  key: string;
  /** Sorted by update_id. */
  pending: Update[];
  /** Ids pending or running here, so an update offered twice runs once. */
  known: Set<number>;
  running: boolean;
  startedAt: number;
  /** Records under way in this process for this chat. */
  expected: number;
  /** A `drained` call is under way. */
  letting: boolean;
  queued: boolean;
}

export interface Dispatcher {
  /** Offers updates of `chatKey` this process may handle; ids it already has are skipped. */
  enqueue(chatKey: string, updates: readonly Update[]): void;
  /** An update of `chatKey` is being recorded here: hold the chat until `arrived`. */
  expect(chatKey: string): void;
  /** The record expected for `chatKey` is done: with the update if this process handles it. */
  arrived(chatKey: string, update?: Update): void;
  /** A record is under way for `chatKey` (expected, not arrived). */
  expecting(chatKey: string): boolean;
  /** Forgets what waits for `chatKey` (the chat was lost); the update in hand finishes. */
  drop(chatKey: string): void;
  holds(chatKey: string): boolean;
  /** Chats held here (running, waiting or being let go). */
  chats(): string[];
  /** Updates pending or running here. */
  size(): number;
  /** The same, and how long the oldest pending one has waited (walks them: for reports). */
  load(): { updates: number; oldestWaitMs: number };
  /** Resolves when no update is running (or after `timeoutMs`). */
  idle(timeoutMs: number): Promise<void>;
  /** No new update is started from now on. */
  pause(): void;
}

export function createDispatcher(handling: Handling, options: { concurrency: number; now?: () => number; retryMs?: number }): Dispatcher {
  const now = options.now ?? Date.now;
  const retryMs = options.retryMs ?? 1_000;
  const chats = new Map<string, Chat>();
  const ready: Chat[] = [];
  const enqueuedAt = new Map<number, number>();
  let active = 0;
  let total = 0;
  let paused = false;
  let onIdle: (() => void) | undefined;

  const chatOf = (key: string): Chat => {
    let chat = chats.get(key);
    if (!chat) {
      chat = { key, pending: [], known: new Set(), running: false, startedAt: 0, expected: 0, letting: false, queued: false };
      chats.set(key, chat);
    }
    return chat;
  };

  const insert = (chat: Chat, update: Update) => {
    if (chat.known.has(update.update_id)) return;
    chat.known.add(update.update_id);
    enqueuedAt.set(update.update_id, now());
    total++;
    const at = chat.pending.findIndex((u) => u.update_id > update.update_id);
    if (at === -1) chat.pending.push(update);
    else chat.pending.splice(at, 0, update);
  };

  const forget = (chat: Chat, update: Update) => {
    chat.known.delete(update.update_id);
    enqueuedAt.delete(update.update_id);
    total--;
  };

  async function runOne(update: Update): Promise<void> {
    await handling.handle(update);
    handling.handled(update);
  }

  async function run(chat: Chat): Promise<void> {
    chat.running = true;
    active++;
    try {
      while (chat.pending.length > 0 && !paused) {
        const update = chat.pending.shift()!;
        chat.startedAt = now();
        enqueuedAt.delete(update.update_id);
        await runOne(update);
        forget(chat, update);
        if (chat.pending.length > 0 && handling.refill) for (const u of await handling.refill(chat.key).catch(() => [])) insert(chat, u);
      }
    } finally {
      chat.running = false;
      active--;
      startReady();
      if (active === 0) onIdle?.();
    }
    settle(chat);
  }

  function startReady(): void {
    while (!paused && active < options.concurrency && ready.length > 0) {
      const chat = ready.shift()!;
      chat.queued = false;
      if (!chat.running && chat.pending.length > 0) void run(chat);
    }
  }

  /** Starts the chat's queue, or lets the chat go when nothing more is due for it. */
  function settle(chat: Chat): void {
    if (chat.running || chat.letting || paused) return;
    if (chat.pending.length > 0) {
      if (active < options.concurrency) void run(chat);
      else if (!chat.queued) {
        chat.queued = true;
        ready.push(chat);
      }
      return;
    }
    if (chat.expected > 0) return;
    void letGo(chat);
  }

  async function letGo(chat: Chat): Promise<void> {
    chat.letting = true;
    let outcome: Awaited<ReturnType<Handling["drained"]>>;
    try {
      outcome = await handling.drained(chat.key);
    } catch {
      outcome = { kind: "released" };
    }
    if (outcome.kind === "kept") for (const u of outcome.updates) insert(chat, u);
    // work that arrived while the chat was being let go is ours only if the chat can be taken again
    if (outcome.kind === "released" && (chat.pending.length > 0 || chat.expected > 0)) {
      const again = await handling.retake(chat.key).catch(() => false);
      if (!again) outcome = { kind: "lost" };
    }
    chat.letting = false;
    if (outcome.kind === "lost") {
      for (const u of chat.pending.splice(0)) forget(chat, u);
      if (chat.expected === 0 && !chat.running) chats.delete(chat.key);
      return;
    }
    if (chat.pending.length === 0 && chat.expected === 0 && !chat.running) {
      // kept with nothing new to run (what waited is in hand here): let go again a moment later
      if (outcome.kind === "kept") return void setTimeout(() => settle(chat), retryMs).unref();
      chats.delete(chat.key);
      return;
    }
    settle(chat);
  }

  return {
    enqueue(chatKey, updates) {
      const chat = chatOf(chatKey);
      for (const update of updates) {
        if (chat.running && !chat.known.has(update.update_id) && handling.overtakes?.(update, now() - chat.startedAt)) {
          void runOne(update);
          continue;
        }
        insert(chat, update);
      }
      settle(chat);
    },
    expect(chatKey) {
      chatOf(chatKey).expected++;
    },
    arrived(chatKey, update) {
      const chat = chatOf(chatKey);
      chat.expected--;
      if (update) this.enqueue(chatKey, [update]);
      else settle(chat);
    },
    expecting: (chatKey) => (chats.get(chatKey)?.expected ?? 0) > 0,
    drop(chatKey) {
      const chat = chats.get(chatKey);
      if (!chat) return;
      for (const u of chat.pending.splice(0)) forget(chat, u);
      if (!chat.running && !chat.letting && chat.expected === 0) chats.delete(chatKey);
    },
    holds: (chatKey) => chats.has(chatKey),
    chats: () => [...chats.keys()],
    size: () => total,
    load() {
      let oldest = Infinity;
      for (const at of enqueuedAt.values()) if (at < oldest) oldest = at;
      return { updates: total, oldestWaitMs: oldest === Infinity ? 0 : now() - oldest };
    },
    idle(timeoutMs) {
      if (active === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    pause() {
      paused = true;
    },
  };
}
