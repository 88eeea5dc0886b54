/** Hours and minutes until the next 00:00 UTC, when the marketplace's daily spend limits reset. */
export function untilUtcMidnight(now: number): { hours: number; minutes: number } {
  const d = new Date(now);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  const totalMinutes = Math.max(1, Math.ceil((next - now) / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
