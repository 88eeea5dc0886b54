/** Request validation: every failure is a 400 ApiError with a `request.*` code. */
import { isTronAddress } from "../../tron/address.js";
import { toBigInt } from "../../tron/volume.js";
import { badRequest } from "./errors.js";
import { RESOURCES, type Resource } from "./pricing.js";

export type Body = Record<string, unknown>;

/** A JSON body that must be an object; an absent body counts as `{}`. */
export function asObject(body: unknown): Body {
  if (body === undefined) return {};
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("request.invalid_body", "the request body must be a JSON object");
  }
  return body as Body;
}

export function parseResource(value: unknown): Resource {
  if (value === undefined || value === null || value === "") return "energy";
  if (typeof value === "string" && (RESOURCES as readonly string[]).includes(value)) return value as Resource;
  throw badRequest("request.invalid_resource", `resource must be one of ${RESOURCES.join(", ")}`);
}

export function parseAddress(value: unknown, code = "request.invalid_address"): string {
  if (typeof value !== "string" || !isTronAddress(value.trim())) {
    throw badRequest(code, "not a valid TRON address (base58check, 34 characters starting with T)");
  }
  return value.trim();
}

/** An int64 given as a JSON integer or a numeric string. */
export function parseInteger(value: unknown, field: string): bigint {
  if (typeof value === "number" || typeof value === "string") {
    try {
      return toBigInt(value);
    } catch {
      // falls through to the error below
    }
  }
  throw badRequest(`request.invalid_${field}`, `${field} must be an integer or a numeric string`);
}

export function parseVolume(value: unknown, range: { min: bigint; max: bigint }, fallback?: bigint): bigint {
  const volume = value === undefined || value === null || value === "" ? fallback : parseInteger(value, "volume");
  if (volume === undefined) throw badRequest("request.volume_out_of_range", "volume is required");
  if (volume < range.min || volume > range.max) {
    throw badRequest("request.volume_out_of_range", `volume must be between ${range.min} and ${range.max}`);
  }
  return volume;
}

export function parseDuration(value: unknown, allowed: readonly string[], fallback?: string): string {
  const duration = value === undefined || value === null || value === "" ? fallback : value;
  if (typeof duration === "string" && allowed.includes(duration)) return duration;
  throw badRequest("request.invalid_duration", `duration must be one of ${allowed.join(", ")}`);
}

export function parseBoolean(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === "boolean") return value;
  throw badRequest(`request.invalid_${field}`, `${field} must be a boolean`);
}

/** A positive int32 query parameter. */
export function parsePositiveInt(value: string | null, field: string, fallback: number): number {
  if (value === null || value === "") return fallback;
  const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
    throw badRequest(`request.invalid_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, `${field} must be a positive integer`);
  }
  return n;
}
