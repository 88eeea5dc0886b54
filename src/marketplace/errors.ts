/**
 * The one error type for marketplace calls. `kind` separates what the server said (http) from
 * what went wrong on the way (network, timeout, ambiguous, invalid_response).
 */
import type { OutsideFault } from "../logger.js";
export type MarketplaceErrorKind =
  | "http" // the server answered with a non-2xx status
  | "network" // connection refused/reset before a response; for non-idempotent calls see "ambiguous"
  | "timeout" // no (complete) response within the deadline
  | "ambiguous" // a non-idempotent POST may or may not have taken effect
  | "invalid_response" // 2xx but the body did not fit the schema
  | "too_large" // the answer was longer than the endpoint's limit (response-limits.ts); not read further
  | "bad_path"; // a path segment that cannot name anything (paths.ts); refused before any request

export interface MarketplaceErrorOptions {
  cause?: unknown;
  /**
   * The body was the marketplace's own problem document (a JSON object with a code, type or title),
   * not e.g. a reverse proxy's HTML page. Defaults to "a code or a title was found".
   */
  problem?: boolean;
}

export class MarketplaceError extends Error implements OutsideFault {
  override readonly name = "MarketplaceError";
  readonly outsideFault = true;
  readonly problem: boolean;
  constructor(
    readonly kind: MarketplaceErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly title?: string,
    readonly detail?: string,
    options?: MarketplaceErrorOptions,
  ) {
    super(message, options && "cause" in options ? { cause: options.cause } : undefined);
    this.problem = kind === "http" && (options?.problem ?? (code !== undefined || title !== undefined));
  }

  get isInsufficientBalance(): boolean {
    return this.status === 402 || this.code === "wallet.insufficient_balance";
  }
  get isSpendLimit(): boolean {
    return this.code === "api_key.spend_limit_exceeded";
  }
  get isInsufficientScope(): boolean {
    return this.code === "api_key.insufficient_scope";
  }
  /** 401, or a 403 that is neither a scope nor a spend-limit refusal. */
  get isKeyRejected(): boolean {
    return this.status === 401 || (this.status === 403 && !this.isInsufficientScope && !this.isSpendLimit);
  }
  /**
   * The spec's 502: the provider failed and the balance was refunded. Only when the marketplace
   * itself said so: a proxy answers 502 too (e.g. the app died after committing the order), and
   * then the outcome is unknown.
   */
  get isProviderFailed(): boolean {
    return this.status === 502 && this.problem;
  }
  get isCheckerUnavailable(): boolean {
    return this.code === "address_checker.unavailable" || (this.status === 503 && this.kind === "http");
  }
  /** A 404, or a path refused before the request (nothing by that name can exist). */
  get isNotFound(): boolean {
    return this.status === 404 || this.kind === "bad_path";
  }
  get isBadRequest(): boolean {
    return this.status === 400;
  }
  /** Network trouble, timeouts and 5xx other than a provider failure: worth a "try again". */
  get isTransient(): boolean {
    return (
      this.kind === "network" ||
      this.kind === "timeout" ||
      (this.kind === "http" && this.status !== undefined && this.status >= 500 && !this.isProviderFailed)
    );
  }
}

const CODE_SHAPE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/** A problem document as the marketplace sends it: a JSON object with a code, type or title. */
export function isProblemDocument(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return [b.code, b.errorCode, b.type, b.title].some((v) => typeof v === "string" && v.trim() !== "");
}

/** Finds the error code as DESIGN.md says: `code`, `errorCode`, last path segment of `type`, `title`. */
export function findErrorCode(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as Record<string, unknown>;
  const candidates = [b.code, b.errorCode];
  if (typeof b.type === "string") candidates.push(b.type.split(/[/#]/).filter(Boolean).at(-1));
  candidates.push(b.title);
  for (const c of candidates) {
    if (typeof c === "string" && CODE_SHAPE.test(c.trim())) return c.trim();
  }
  return undefined;
}
