/**
 * TRX amounts. Money never touches a JS float: TRX decimal strings are parsed into SUN (bigint),
 * 1 TRX = 1,000,000 SUN, and formatted back from SUN.
 */
export const SUN_PER_TRX = 1_000_000n;
const TRX_DECIMALS = 6;

/** Parses a TRX decimal string ("12.345", "-0.5", "7") into SUN. Extra decimals beyond 6 are rejected. */
export function trxToSun(trx: string): bigint {
  const match = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(trx);
  if (!match) throw new RangeError(`not a TRX decimal: ${JSON.stringify(trx)}`);
  const [, sign, whole, fraction = ""] = match;
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > TRX_DECIMALS) throw new RangeError(`more than 6 decimals: ${trx}`);
  const sun = BigInt(whole!) * SUN_PER_TRX + BigInt(significant.padEnd(TRX_DECIMALS, "0") || "0");
  return sign === "-" ? -sun : sun;
}

export function isTrxDecimal(value: string): boolean {
  return /^-?\d+(?:\.\d+)?$/.test(value);
}

/** Formats SUN as a plain TRX decimal string with exactly `decimals` places (wire format; default 6). */
export function sunToTrx(sun: bigint, decimals = TRX_DECIMALS): string {
  const negative = sun < 0n;
  const abs = negative ? -sun : sun;
  const whole = abs / SUN_PER_TRX;
  const fraction = (abs % SUN_PER_TRX).toString().padStart(TRX_DECIMALS, "0").slice(0, decimals);
  return `${negative ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** Ceiling division for non-negative bigints. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** USDT (TRC20) amounts in millionths: six decimals, as TRX has in SUN. */
export const usdtToUnits: (usdt: string) => bigint = trxToSun;

/**
 * A TRX amount as people type it: "50", "12.5", "12,5", "50 TRX", "1 000". Undefined unless it is
 * positive and at most `maxSun`.
 */
export function parseTypedTrx(text: string, maxSun: bigint): bigint | undefined {
  const cleaned = text.trim().replace(/\s*trx$/i, "").replace(/[\s\u00a0\u202f_]/g, "").replace(/^(\d+),(\d+)$/, "$1.$2");
  try {
    const sun = trxToSun(cleaned);
    return sun > 0n && sun <= maxSun ? sun : undefined;
  } catch {
    return undefined;
  }
}
