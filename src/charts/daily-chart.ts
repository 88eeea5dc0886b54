/**
 * A chart of daily bars (the 14 days of /stats, a month of /statement): two panels (energy above,
 * bandwidth below), each with its own scale, the largest value and the dates. Drawn with @napi-rs/canvas (Skia, prebuilt
 * binaries from npm), loaded on first use so a machine without it still answers /stats in text.
 * Bar heights are computed with bigint: int64 volumes never pass through a float before scaling.
 */
export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 460;

export const CHART_COLORS = { energy: "#F5A623", bandwidth: "#4A90E2" } as const;

export interface DailyChartInput {
  energy: readonly bigint[];
  bandwidth: readonly bigint[];
  /** The last day of the series (today, UTC), as ms since the epoch. */
  lastDay: number;
  /** Panel titles; drawn only when the bundled fonts can show them (Latin/Cyrillic). */
  titles?: { energy: string; bandwidth: string };
}

const DAY_MS = 86_400_000;
/** The narrowest room a date label gets ("11-26" in 12px); a longer series labels every n-th day. */
const LABEL_ROOM = 44;
const FONT = '"DejaVu Sans", "Noto Sans", Arial, sans-serif';
const DRAWABLE = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Common}]*$/u;

/** 131000 → "131k", 2500000 → "2.5M": locale-free, so any font can draw it. */
export function compactVolume(value: bigint): string {
  const units: Array<[bigint, string]> = [
    [1_000_000_000_000_000_000n, "E"],
    [1_000_000_000_000_000n, "P"],
    [1_000_000_000_000n, "T"],
    [1_000_000_000n, "G"],
    [1_000_000n, "M"],
    [1_000n, "k"],
  ];
  for (const [size, suffix] of units) {
    if (value >= size) {
      const tenths = (value * 10n) / size;
      const whole = tenths / 10n;
      const fraction = tenths % 10n;
      return `${whole}${fraction !== 0n && whole < 100n ? `.${fraction}` : ""}${suffix}`;
    }
  }
  return value.toString();
}

function utcLabel(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

type Canvas2D = import("@napi-rs/canvas").SKRSContext2D;

function drawPanel(
  g: Canvas2D,
  area: { x: number; y: number; width: number; height: number },
  values: readonly bigint[],
  color: string,
  title: string | undefined,
): void {
  const max = values.reduce((m, v) => (v > m ? v : m), 0n);
  g.strokeStyle = "#D0D4DA";
  g.lineWidth = 1;
  g.beginPath();
  g.moveTo(area.x, area.y + area.height + 0.5);
  g.lineTo(area.x + area.width, area.y + area.height + 0.5);
  g.moveTo(area.x, area.y + 0.5);
  g.lineTo(area.x + area.width, area.y + 0.5);
  g.stroke();

  g.fillStyle = "#5F6B7A";
  g.font = `13px ${FONT}`;
  g.textAlign = "right";
  g.textBaseline = "middle";
  g.fillText(compactVolume(max), area.x - 8, area.y);
  g.fillText("0", area.x - 8, area.y + area.height);

  if (title && DRAWABLE.test(title)) {
    g.fillStyle = color;
    g.fillRect(area.x, area.y - 24, 12, 12);
    g.fillStyle = "#2B3440";
    g.font = `bold 14px ${FONT}`;
    g.textAlign = "left";
    g.fillText(title, area.x + 18, area.y - 18);
  }

  const slot = area.width / Math.max(values.length, 1);
  const barWidth = Math.max(2, Math.floor(slot * 0.62));
  g.fillStyle = color;
  values.forEach((value, i) => {
    if (value <= 0n || max === 0n) return;
    const h = Math.max(2, Number((value * BigInt(area.height)) / max));
    const x = Math.round(area.x + i * slot + (slot - barWidth) / 2);
    g.fillRect(x, area.y + area.height - h, barWidth, h);
  });
}

/** A PNG of the two daily series (any length: 14 from the marketplace, a month's days for a statement). */
export async function renderDailyChart(input: DailyChartInput): Promise<Buffer> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const canvas = createCanvas(CHART_WIDTH, CHART_HEIGHT);
  const g = canvas.getContext("2d");
  g.fillStyle = "#FFFFFF";
  g.fillRect(0, 0, CHART_WIDTH, CHART_HEIGHT);

  const left = 70;
  const width = CHART_WIDTH - left - 24;
  const panelHeight = 140;
  drawPanel(g, { x: left, y: 44, width, height: panelHeight }, input.energy, CHART_COLORS.energy, input.titles?.energy);
  drawPanel(g, { x: left, y: 44 + panelHeight + 70, width, height: panelHeight }, input.bandwidth, CHART_COLORS.bandwidth, input.titles?.bandwidth);

  const days = Math.max(input.energy.length, input.bandwidth.length);
  const slot = width / Math.max(days, 1);
  g.fillStyle = "#5F6B7A";
  g.font = `12px ${FONT}`;
  g.textAlign = "center";
  g.textBaseline = "top";
  // a month's 31 days do not fit a label each: every n-th day, counted back from the last
  const every = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  for (let i = 0; i < days; i++) {
    if ((days - 1 - i) % every !== 0) continue;
    const day = input.lastDay - (days - 1 - i) * DAY_MS;
    g.fillText(utcLabel(day), left + i * slot + slot / 2, CHART_HEIGHT - 32);
  }
  return canvas.encode("png");
}
