import { GrammyError } from "grammy";

/** Telegram refuses an edit that changes nothing; for a refresh (or a card already up to date) that is a success, not an error. */
export function isNotModified(err: unknown): boolean {
  return err instanceof GrammyError && err.description.includes("message is not modified");
}
