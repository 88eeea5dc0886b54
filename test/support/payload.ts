/** The text a recorded Bot API call carries: its `text`, else its `caption` (a photo's), else "". */
export function textOf(payload: Record<string, unknown>): string {
  if (typeof payload.text === "string") return payload.text;
  if (typeof payload.caption === "string") return payload.caption;
  return "";
}
