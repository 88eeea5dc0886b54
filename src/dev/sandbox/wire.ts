/** Wire format helpers: int64 values as numbers when safe, strings above 2^53 (DESIGN.md). */
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function wireInt(value: bigint): number | string {
  return value <= MAX_SAFE && value >= -MAX_SAFE ? Number(value) : value.toString();
}
