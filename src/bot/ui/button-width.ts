/**
 * About what a phone shows of a button in a row of two before cutting it with "…": a price at the
 * end of a longer label would be cut off. (Wide characters, CJK, count double.)
 */
const HALF_ROW = 30;

export function fitsHalfRow(label: string): boolean {
  let width = 0;
  for (const char of label) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(char) ? 2 : 1;
  return width <= HALF_ROW;
}
