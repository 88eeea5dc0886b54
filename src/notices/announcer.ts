/**
 * Sends the operators' announcements (runs on the leader, like the watchers). Each pass, for every
 * announcement being sent:
 * - enqueues the next batch of users (one outbox row each, dedupe key per announcement and user)
 *   once the previous batch is mostly out, moving the announcement's cursor in the batch's
 *   transaction: a restart carries on after the last batch written, and a batch written twice (two
 *   leaders for a moment) still sends once. One batch at a time keeps ordinary notices from waiting
 *   behind a whole announcement (the sender takes rows oldest first);
 * - draws the progress line on the operator's message (an outbox edit, once per distinct count);
 * - once all are enqueued and none is pending: done (compare-and-set) and the final count, in one
 *   transaction.
 * The rows go out through the paced sender like any notice; flagged paid-broadcast when the
 * announcement was made with ANNOUNCE_PAID_BROADCAST.
 */
import type { Locale } from "../config.js";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import type { Repositories, Store } from "../store/index.js";
import type { AnnouncementRow } from "../store/announcements.js";
import { userLocale } from "../i18n/locale.js";
import type { Translator } from "./translations.js";
import { readProgress, renderProgress, type AnnouncementProgress } from "./announcement-progress.js";

export interface AnnouncerDeps {
  /** Read on every use (tests swap the store on restart). */
  readonly store: Store;
  translator: Translator;
  defaultLocale: Locale;
  logger: Logger;
  now: () => number;
  /** Called after rows were enqueued (wakes the sender). */
  onEnqueued?: () => void;
  /** Users enqueued per batch (default 200). */
  batchSize?: number;
  /** Time between passes when started (default 3 s: the progress line's pace). */
  everyMs?: number;
}

export const AnnouncementKeys = {
  copy: (announcementId: number, userId: number) => `announce:${announcementId}:${userId}`,
  progress: (announcementId: number, p: AnnouncementProgress) => `announce:${announcementId}:progress:${p.sent}:${p.blocked}:${p.failed}:${p.waiting}`,
  done: (announcementId: number) => `announce:${announcementId}:done`,
} as const;

export function createAnnouncer(deps: AnnouncerDeps) {
  const batchSize = deps.batchSize ?? 200;
  const everyMs = deps.everyMs ?? 3000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** The next batch, after the cursor as the transaction reads it. */
  async function enqueueBatch(id: number): Promise<void> {
    const added = await deps.store.transaction(async (tx) => {
      const a = await tx.announcements.get(id);
      if (!a || a.status !== "sending" || a.enqueuedAll) return 0;
      const users = await tx.announcements.nextRecipients(a.cursor, batchSize);
      for (const user of users) {
        await tx.outbox.enqueue(
          { chatId: user.chatId, dedupeKey: AnnouncementKeys.copy(a.id, user.id), text: a.text, paidBroadcast: a.paidBroadcast, announcementId: a.id },
          deps.now(),
        );
      }
      await tx.announcements.advance(a.id, users.at(-1)?.id ?? a.cursor, users.length < batchSize);
      return users.length;
    });
    if (added > 0) deps.onEnqueued?.();
  }

  /** The operator's message redrawn (progress or final count), in the operator's language. */
  async function draw(tx: Pick<Repositories, "outbox">, a: AnnouncementRow, p: AnnouncementProgress, dedupeKey: string): Promise<boolean> {
    if (a.messageId === null) return false;
    const operator = await tx.outbox.recipient(a.operatorId);
    const locale = userLocale(operator?.language, operator?.languageCode, deps.defaultLocale);
    const view = renderProgress((key, vars) => deps.translator.t(locale, key, vars), a, p);
    return tx.outbox.enqueue({ chatId: a.chatId, editMessageId: a.messageId, dedupeKey, text: view.text, replyMarkup: view.replyMarkup }, deps.now());
  }

  async function step(a: AnnouncementRow): Promise<void> {
    const store = deps.store;
    if (!a.enqueuedAll) {
      if ((await store.announcements.counts(a.id)).pending < batchSize) await enqueueBatch(a.id);
      a = (await store.announcements.get(a.id)) ?? a;
    }
    const progress = await readProgress(store, a);
    if (!a.enqueuedAll || progress.waiting > 0) {
      if (await draw(store, a, progress, AnnouncementKeys.progress(a.id, progress))) deps.onEnqueued?.();
      return;
    }
    const finished = await store.transaction(async (tx) => {
      if (!(await tx.announcements.finish(a.id))) return false;
      await draw(tx, a, { ...progress, done: true }, AnnouncementKeys.done(a.id));
      return true;
    });
    if (finished) {
      deps.onEnqueued?.();
      deps.logger.info({ announcementId: a.id, sent: progress.sent, blocked: progress.blocked, failed: progress.failed }, "announcement sent");
    }
  }

  /** One pass over the announcements being sent. */
  async function tick(): Promise<void> {
    for (const a of await deps.store.announcements.listSending()) {
      try {
        await step(a);
      } catch (err) {
        deps.logger.error({ err: errorFields(err), announcementId: a.id }, "announcement pass failed: tried again next pass");
      }
    }
  }

  function schedule(): void {
    timer = setTimeout(() => {
      running = tick()
        .catch((err: unknown) => deps.logger.error({ err: errorFields(err) }, "announcements could not be read: tried again next pass"))
        .finally(() => {
          running = undefined;
          if (timer) schedule();
        });
    }, everyMs);
  }

  return {
    tick,
    /** Passes every `everyMs` until stopped (the leader's duty). */
    start(): () => Promise<void> {
      schedule();
      return async () => {
        clearTimeout(timer);
        timer = undefined;
        await running;
      };
    },
  };
}

export type Announcer = ReturnType<typeof createAnnouncer>;
