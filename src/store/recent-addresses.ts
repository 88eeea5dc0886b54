/**
 * The addresses a user bought for (or made a rule for) most recently, offered as buttons wherever
 * the bot asks for an address, and listed by /addresses. A user may give one a label; a labelled
 * address is kept however old it gets (only unlabelled ones beyond the newest KEPT are pruned).
 */
import { and, desc, eq, isNull, notInArray, sql, type Placeholder } from "drizzle-orm";
import { first, type Conn } from "./db.js";
import { prepared } from "./prepared.js";
import { rememberBounded } from "./bounded-map.js";

/** How many addresses are kept per user (more than are shown, so removals never leave gaps). */
const KEPT = 10;
/** The most `entries` lists (a /buy flow, a /check card, the address steps): what the memo keeps of a user. */
const LISTED = 100;
/** Users whose addresses the memo keeps (a few hundred bytes each: a handful of addresses). */
const MEMO_USERS = 5_000;

/**
 * SQLite only (one writer): userId → their addresses as `entries` lists them, newest first (up to
 * LISTED). Read by every address step and /check card, written when an order is placed: each write
 * drops the user's entry.
 */
export type RecentAddressesMemo = Map<number, SavedAddress[]>;

export interface SavedAddress {
  address: string;
  label: string | null;
  usedAt: number;
}

export function createRecentAddressesRepo(conn: Conn, memo?: RecentAddressesMemo) {
  const { db, t } = conn;
  const r = t.recentAddresses;
  const forgetUser = (userId: number) => memo?.delete(userId);
  /** One of the user's addresses (values, or a prepared statement's placeholders). */
  const own = (userId: number | Placeholder, address: string | Placeholder) => and(eq(r.userId, userId), eq(r.address, address));
  const columns = { address: r.address, label: r.label, usedAt: r.usedAt };
  const read = (userId: number, limit: number): Promise<SavedAddress[]> =>
    prepared(conn, "recent_addresses", ({ db }) =>
      db.select(columns).from(r).where(eq(r.userId, sql.placeholder("userId"))).orderBy(desc(r.usedAt)).limit(sql.placeholder("limit")),
    ).execute({ userId, limit });
  /** Newest first, with labels (copies: a caller may change what it gets). */
  const entries = async (userId: number, limit = LISTED): Promise<SavedAddress[]> => {
    if (!memo || limit > LISTED) return read(userId, limit);
    const listed = memo.get(userId) ?? rememberBounded(memo, userId, await read(userId, LISTED), MEMO_USERS);
    return listed.slice(0, limit).map((entry) => ({ ...entry }));
  };
  return {
    /** Call inside a transaction (the store does so for callers outside one). */
    async remember(userId: number, address: string, at = Date.now()): Promise<void> {
      forgetUser(userId);
      await db.insert(r).values({ userId, address, usedAt: at }).onConflictDoUpdate({ target: [r.userId, r.address], set: { usedAt: at } });
      const keep = (await read(userId, KEPT)).map((row) => row.address);
      await db.delete(r).where(and(eq(r.userId, userId), isNull(r.label), notInArray(r.address, keep)));
    },
    /** Newest first. */
    async list(userId: number, limit = 5): Promise<string[]> {
      return (await entries(userId, limit)).map((row) => row.address);
    },
    entries,
    async get(userId: number, address: string): Promise<SavedAddress | undefined> {
      const listed = memo?.get(userId);
      const found = listed?.find((entry) => entry.address === address);
      if (found) return { ...found };
      // the memo lists all of the user's addresses: not one of them
      if (listed && listed.length < LISTED) return undefined;
      // every address card asks it (its label): prepared once
      return first(
        prepared(conn, "recent_address", ({ db }) =>
          db.select(columns).from(r).where(own(sql.placeholder("userId"), sql.placeholder("address"))).limit(1),
        ).execute({ userId, address }),
      );
    },
    /** Sets (or with null clears) the label of one of the user's addresses; false when it is not theirs. */
    async setLabel(userId: number, address: string, label: string | null): Promise<boolean> {
      forgetUser(userId);
      return (await db.update(r).set({ label }).where(own(userId, address)).returning({ address: r.address })).length > 0;
    },
    async forget(userId: number, address: string): Promise<boolean> {
      forgetUser(userId);
      return (await db.delete(r).where(own(userId, address)).returning({ address: r.address })).length > 0;
    },
  };
}

export type RecentAddressesRepo = ReturnType<typeof createRecentAddressesRepo>;
