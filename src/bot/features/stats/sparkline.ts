/** A one-line text chart: ▁ for nothing, ▂…█ for the share of the largest value (exact with bigint). */
const BARS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] as const;

export function sparkline(values: readonly bigint[]): string {
  const clamped = values.map((v) => (v > 0n ? v : 0n));
  const max = clamped.reduce((m, v) => (v > m ? v : m), 0n);
  const steps = BigInt(BARS.length - 2); // ▂ (1) … █ (7): a non-zero value never looks like zero
  return clamped.map((v) => (v === 0n ? BARS[0] : BARS[1 + Number((v * steps) / max)])).join("");
}
