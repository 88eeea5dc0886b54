import type { Context } from "grammy";

/**
 * Deletes the message the user just sent (one that holds a secret); false when Telegram refuses
 * (too old, no rights in a group, …), so the caller can ask the user to delete it themselves.
 */
export function deleteUserMessage(ctx: Context): Promise<boolean> {
  return ctx.deleteMessage().then(
    () => true,
    () => false,
  );
}
