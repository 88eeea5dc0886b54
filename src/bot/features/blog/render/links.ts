/** Only links a reader can safely open: http(s) with a host, tg:, mailto:. */
const SAFE_PROTOCOLS = new Set(["http:", "https:", "tg:", "mailto:"]);
export const MAX_HREF_LENGTH = 2048;

export function safeHref(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value || value.length > MAX_HREF_LENGTH || /[\s<>"\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return undefined;
  if ((url.protocol === "http:" || url.protocol === "https:") && !url.hostname) return undefined;
  if (url.protocol === "mailto:" && url.pathname.length === 0) return undefined;
  return value;
}
