/** What the store throws at a caller that uses it wrongly or too late. */

/** A repository used where it must not be (the store's own inside a transaction, a nested transaction). */
export class StoreMisuseError extends Error {
  override readonly name = "StoreMisuseError";
}

/** The store was closed (the process is shutting down) while a request still wanted it. */
export class StoreClosedError extends Error {
  override readonly name = "StoreClosedError";
  constructor() {
    super("the store is closed: the process is shutting down");
  }
}
