/**
 * The operator's view of an announcement being sent: a progress line (or, once done, the final
 * count) above the announcement itself, on the message that showed its preview. Drawn by the
 * announcer (through the outbox) and by the Refresh button (features/announce), from the outbox
 * rows' states.
 */
import { InlineKeyboard } from "grammy";
import type { Translate } from "../format/formatter.js";
import type { Repositories } from "../store/index.js";
import type { AnnouncementRow } from "../store/announcements.js";
import { SharedButtons } from "../telegram/shared-buttons.js";

export interface AnnouncementProgress {
  done: boolean;
  sent: number;
  blocked: number;
  failed: number;
  /** Still pending in the outbox, plus the users not enqueued yet. */
  waiting: number;
}

/** Where an announcement stands, read from its outbox rows and the users not enqueued yet. */
export async function readProgress(repos: Pick<Repositories, "announcements">, a: AnnouncementRow): Promise<AnnouncementProgress> {
  const counts = await repos.announcements.counts(a.id);
  const later = a.enqueuedAll ? 0 : await repos.announcements.remainingAfter(a.cursor);
  return { done: a.status === "done", sent: counts.sent, blocked: counts.blocked, failed: counts.failed, waiting: counts.pending + later };
}

export function renderProgress(t: Translate, a: Pick<AnnouncementRow, "id" | "text">, p: AnnouncementProgress): { text: string; replyMarkup?: InlineKeyboard } {
  const counts = { sent: p.sent, blocked: p.blocked, failed: p.failed, waiting: p.waiting };
  const line = t(p.done ? "announce-done" : "announce-progress", counts);
  const text = `${line}\n\n${a.text}`;
  return p.done ? { text } : { text, replyMarkup: new InlineKeyboard().text(t("announce-button-refresh"), SharedButtons.refreshAnnouncement.pack({ id: a.id })) };
}
