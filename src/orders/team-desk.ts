/**
 * A team desk (issue 33, item 2): a key bound by its owner to a group (store/team-desks.ts), with
 * which the group's administrators buy and check the balance. Who may act is Telegram's own list of
 * administrators, asked at each action (never cached: a demoted admin's next tap does nothing); what
 * one order may cost there is the owner's per-order maximum. Free of the chat: no grammY context here.
 */
import type { ChatMember } from "grammy/types";
import type { TeamDeskRow } from "../store/team-desks.js";

/** The one Bot API call the checks make. */
export interface MemberReader {
  getChatMember(chatId: number, userId: number): Promise<ChatMember>;
}

export const isAdministrator = (m: Pick<ChatMember, "status">) => m.status === "creator" || m.status === "administrator";

/** Whether `userId` administers the group now (Telegram's answer; any failure to ask is a no). */
export async function administersNow(api: MemberReader, chatId: number, userId: number): Promise<boolean> {
  try {
    return isAdministrator(await api.getChatMember(chatId, userId));
  } catch {
    return false;
  }
}

/** The desk's maximum for one order, when `totalSun` is above it. */
export function overMaximum(desk: Pick<TeamDeskRow, "maxOrderSun">, totalSun: bigint): bigint | undefined {
  if (desk.maxOrderSun === null) return undefined;
  const max = BigInt(desk.maxOrderSun);
  return totalSun > max ? max : undefined;
}

/** How an action is signed in the group: "@anna", or the first name of someone without a username. */
export function signature(user: { username?: string; first_name: string }): string {
  return user.username ? `@${user.username}` : user.first_name;
}
