/**
 * About what a phone shows of a button in a row of two before cutting it with "…": a price at the
 * end of a longer label would be cut off. (Wide characters, CJK, count double.)
 */
const HALF_ROW = 30;

/** Wide characters (CJK, Hangul, full-width forms), all in the Basic Multilingual Plane: [from, to] code units. */
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
];

/** Characters a phone shows of `label`, a wide one counting two: by code unit, since every card's preset buttons are measured. */
export function displayWidth(label: string): number {
  let width = 0;
  for (let i = 0; i < label.length; i++) {
    const unit = label.charCodeAt(i);
    // the second half of a character outside the plane (an emoji): its first half counted it
    if (unit >= 0xdc00 && unit <= 0xdfff) continue;
    width += isWide(unit) ? 2 : 1;
  }
  return width;
}

function isWide(unit: number): boolean {
  for (const [from, to] of WIDE) if (unit >= from && unit <= to) return true;
  return false;
}

export function fitsHalfRow(label: string): boolean {
  return displayWidth(label) <= HALF_ROW;
}
