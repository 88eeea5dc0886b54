/**
 * The addresses a user bought for (or made a rule for) most recently, offered as buttons wherever
 * the bot asks for an address, and listed by /addresses. A user may give one a label; a labelled
 * address is kept however old it gets (only unlabelled ones beyond the newest KEPT are pruned).
 */
import { and, desc, eq, isNull, notInArray, sql, type Placeholder } from "drizzle-orm";
import { first, type Conn } from "./db.js";
import { prepared } from "./prepared.js";

/** How many addresses are kept per user (more than are shown, so removals never leave gaps). */
const KEPT = 10;

export interface SavedAddress {
  address: string;
  label: string | null;
  usedAt: number;
}

export function createRecentAddressesRepo(conn: Conn) {
  const { db, t } = conn;
  const r = t.recentAddresses;
  /** One of the user's addresses (values, or a prepared statement's placeholders). */
  const own = (userId: number | Placeholder, address: string | Placeholder) => and(eq(r.userId, userId), eq(r.address, address));
  const columns = { address: r.address, label: r.label, usedAt: r.usedAt };
  /** Newest first, with labels. */
  const entries = (userId: number, limit = 100): Promise<SavedAddress[]> =>
    prepared(conn, "recent_addresses", ({ db }) =>
      db.select(columns).from(r).where(eq(r.userId, sql.placeholder("userId"))).orderBy(desc(r.usedAt)).limit(sql.placeholder("limit")),
    ).execute({ userId, limit });
  return {
    /** Call inside a transaction (the store does so for callers outside one). */
    async remember(userId: number, address: string, at = Date.now()): Promise<void> {
      await db.insert(r).values({ userId, address, usedAt: at }).onConflictDoUpdate({ target: [r.userId, r.address], set: { usedAt: at } });
      const keep = (await entries(userId, KEPT)).map((row) => row.address);
      await db.delete(r).where(and(eq(r.userId, userId), isNull(r.label), notInArray(r.address, keep)));
    },
    /** Newest first. */
    async list(userId: number, limit = 5): Promise<string[]> {
      return (await entries(userId, limit)).map((row) => row.address);
    },
    entries,
    get(userId: number, address: string): Promise<SavedAddress | undefined> {
      // every address card asks it (its label): prepared once
      return first(
        prepared(conn, "recent_address", ({ db }) =>
          db.select(columns).from(r).where(own(sql.placeholder("userId"), sql.placeholder("address"))).limit(1),
        ).execute({ userId, address }),
      );
    },
    /** Sets (or with null clears) the label of one of the user's addresses; false when it is not theirs. */
    async setLabel(userId: number, address: string, label: string | null): Promise<boolean> {
      return (await db.update(r).set({ label }).where(own(userId, address)).returning({ address: r.address })).length > 0;
    },
    async forget(userId: number, address: string): Promise<boolean> {
      return (await db.delete(r).where(own(userId, address)).returning({ address: r.address })).length > 0;
    },
  };
}

export type RecentAddressesRepo = ReturnType<typeof createRecentAddressesRepo>;
