/**
 * pino with two layers of protection for secrets: redaction of the fields that carry them, and a
 * last scrub of every line for the exact secret values the process knows (bot token, master keys)
 * and for anything shaped like a bot token, a webhook secret or an X-Api-Key header.
 * Whole updates and raw errors are never logged: an error goes in the `err` field, which the logger
 * reduces with `errorFields` when the line is written (a debug line that is not written then costs
 * nothing: reading an error's stack formats it), or through `errorFields(err)` under another name.
 */
import { hostname } from "node:os";
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

const REDACT_PATHS = [
  "token",
  "botToken",
  "apiKey",
  "key",
  "secret",
  "secrets",
  "password",
  "authorization",
  "*.token",
  "*.botToken",
  "*.apiKey",
  "*.secret",
  "*.authorization",
  'headers["x-api-key"]',
  'headers["X-Api-Key"]',
  '*.headers["x-api-key"]',
  '*.headers["X-Api-Key"]',
  'headers["x-telegram-bot-api-secret-token"]',
];

const SHAPES: RegExp[] = [
  /\d{6,12}:[A-Za-z0-9_-]{30,}/g, // Telegram bot token
  /whsec_[A-Za-z0-9+/=]+/g, // Standard Webhooks secret
  /("?x-api-key"?\s*[:=]\s*"?)[^"\s,}]+/gi,
];

export interface LoggerOptions {
  level: string;
  /** Exact values to scrub from every line (bot token, master keys…). */
  secrets?: string[];
  destination?: DestinationStream;
  pretty?: boolean;
  /** Names this replica in every line (INSTANCE_ID). */
  instance?: string;
}

export function scrubSecrets(line: string, secrets: readonly string[]): string {
  let out = line;
  for (const s of secrets) if (s.length >= 8) out = out.split(s).join("[REDACTED]");
  for (const shape of SHAPES) out = out.replace(shape, (_m, prefix?: string) => (typeof prefix === "string" ? `${prefix}[REDACTED]` : "[REDACTED]"));
  return out;
}

export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((s) => s.length >= 8);
  return pino(
    {
      level: options.level,
      ...(options.instance ? { base: { pid: process.pid, hostname: hostname(), instance: options.instance } } : {}),
      redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
      // an error reduced to its fields only when a line is written (call sites pass `{ err }`)
      serializers: { err: (e: unknown) => (e instanceof Error ? errorFields(e) : e) },
      hooks: { streamWrite: (line) => scrubSecrets(line, secrets) },
    },
    options.destination ?? (options.pretty ? pino.transport({ target: "pino-pretty" }) : pino.destination(1)),
  );
}

/**
 * An error about another system's answer (the marketplace sent something unusable): its stack
 * trace says nothing about the bot, so logs carry its kind, status and code only, at warning level.
 */
export interface OutsideFault {
  readonly outsideFault: true;
}

export function isOutsideFault(err: unknown): err is OutsideFault {
  return typeof err === "object" && err !== null && (err as Partial<OutsideFault>).outsideFault === true;
}

/** The loggable part of an error: name, message, codes and stack; never request payloads or ctx. */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & { code?: unknown; status?: unknown; kind?: unknown; error_code?: unknown; description?: unknown; method?: unknown };
  const fields: Record<string, unknown> = { name: e.name, message: e.message };
  for (const k of ["code", "status", "kind", "error_code", "description", "method"] as const) {
    if (e[k] !== undefined && typeof e[k] !== "object") fields[k] = e[k];
  }
  if (e.stack && !isOutsideFault(e)) fields.stack = e.stack;
  if (e.cause instanceof Error) fields.cause = errorFields(e.cause);
  return fields;
}
