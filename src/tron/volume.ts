/**
 * Resource volumes are int64: kept as bigint, never as a JS number above 2^53.
 * Users may type `65000`, `65k`, `131 000`, `65,000`, `1.5m`, and in their own language's words for
 * thousands and millions: `65к`, `65 тыс`, `1,5 млн` (Russian), `6.5万`, `65千` (Chinese: 万 is 10,000).
 */
const SUFFIX: Record<string, bigint> = { "": 1n, k: 1_000n, m: 1_000_000n, "к": 1_000n, "тыс": 1_000n, "м": 1_000_000n, "млн": 1_000_000n, "千": 1_000n, "万": 10_000n };

export function parseVolumeInput(text: string): bigint | undefined {
  const compact = text.trim().toLowerCase().replace(/[\s_\u00a0\u202f']/g, "").replace(/\.$/, "");
  const match = /^(\d+(?:[.,]\d+)?|\d{1,3}(?:,\d{3})+)(k|m|к|тыс|млн|м|千|万)?$/.exec(compact);
  if (!match) return undefined;
  const [, number, suffix = ""] = match;
  const multiplier = SUFFIX[suffix]!;
  const thousandsGrouped = /^\d{1,3}(?:,\d{3})+$/.test(number!) && suffix === "";
  const normalised = thousandsGrouped ? number!.replace(/,/g, "") : number!.replace(",", ".");
  const [whole, fraction = ""] = normalised.split(".");
  const scale = 10n ** BigInt(fraction.length);
  const scaled = BigInt(whole! + fraction) * multiplier;
  if (scaled % scale !== 0n) return undefined;
  return scaled / scale;
}

/** Accepts a wire value (integer or numeric string) as bigint. */
export function toBigInt(value: number | string | bigint): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`unsafe integer ${value}`);
    return BigInt(value);
  }
  if (!/^[+-]?\d+$/.test(value.trim())) throw new RangeError(`not an integer: ${value}`);
  return BigInt(value.trim());
}
