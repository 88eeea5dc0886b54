/**
 * Durations are opaque strings read from the options endpoints. They are shown humanised where
 * recognisable (`1h`, `1d`, `3d`, `PT1H`, `P1D`, `3600`) and raw otherwise.
 */
export type DurationParts = { unit: "minute" | "hour" | "day"; count: number };

export function parseDuration(value: string): DurationParts | undefined {
  const v = value.trim();
  let m = /^(\d+)\s*(m|min|h|d)$/i.exec(v);
  if (m) return normalise(Number(m[1]), m[2]!.toLowerCase().startsWith("m") ? 60 : m[2]!.toLowerCase() === "h" ? 3600 : 86400);
  m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/i.exec(v);
  if (m && (m[1] || m[2] || m[3])) {
    return normalise(Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60, 1);
  }
  if (/^\d+$/.test(v)) return normalise(Number(v), 1);
  return undefined;
}

function normalise(count: number, secondsPerUnit: number): DurationParts | undefined {
  const seconds = count * secondsPerUnit;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) return undefined;
  if (seconds % 86400 === 0) return { unit: "day", count: seconds / 86400 };
  if (seconds % 3600 === 0) return { unit: "hour", count: seconds / 3600 };
  if (seconds % 60 === 0) return { unit: "minute", count: seconds / 60 };
  return undefined;
}

export function durationSeconds(value: string): number | undefined {
  const parts = parseDuration(value);
  if (!parts) return undefined;
  return parts.count * (parts.unit === "day" ? 86400 : parts.unit === "hour" ? 3600 : 60);
}
