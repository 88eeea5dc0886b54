/**
 * Splits Telegram HTML into messages of at most `limit` characters (Telegram: 4,096). Breaks at a
 * blank line if it can, else at a line end, else after a space, else between characters; never
 * inside a tag or an entity. Tags open at a break are closed at the end of one chunk and reopened
 * (with their attributes) at the start of the next, so every chunk is valid HTML on its own.
 * The length counted is that of the HTML itself, which is never less than what Telegram counts.
 */
export const TELEGRAM_MESSAGE_LIMIT = 4096;

type Atom =
  | { kind: "open"; raw: string; name: string }
  | { kind: "close"; raw: string; name: string }
  | { kind: "text"; raw: string };

const OPEN = /<([a-zA-Z][a-zA-Z0-9-]*)(?:\s[^<>]*)?>/y;
const CLOSE = /<\/([a-zA-Z][a-zA-Z0-9-]*)\s*>/y;
const ENTITY = /&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);/y;

function atomsOf(html: string): Atom[] {
  const atoms: Atom[] = [];
  let i = 0;
  const take = (re: RegExp): RegExpExecArray | null => {
    re.lastIndex = i;
    return re.exec(html);
  };
  while (i < html.length) {
    const ch = html.charCodeAt(i);
    let m: RegExpExecArray | null;
    if (ch === 60 /* < */ && (m = take(CLOSE))) {
      atoms.push({ kind: "close", raw: m[0], name: (m[1] ?? "").toLowerCase() });
    } else if (ch === 60 && (m = take(OPEN))) {
      atoms.push({ kind: "open", raw: m[0], name: (m[1] ?? "").toLowerCase() });
    } else if (ch === 38 /* & */ && (m = take(ENTITY))) {
      atoms.push({ kind: "text", raw: m[0] });
    } else {
      // Keep a surrogate pair together.
      const size = ch >= 0xd800 && ch <= 0xdbff && i + 1 < html.length ? 2 : 1;
      atoms.push({ kind: "text", raw: html.slice(i, i + size) });
      i += size;
      continue;
    }
    i += m[0].length;
  }
  return atoms;
}

interface Open {
  raw: string;
  name: string;
}

/** Applies one atom to the stack of open tags (an unmatched end tag closes up to its start tag, or nothing). */
function step(stack: Open[], atom: Atom): void {
  if (atom.kind === "open") stack.push({ raw: atom.raw, name: atom.name });
  else if (atom.kind === "close") {
    let at = stack.length - 1;
    while (at >= 0 && stack[at]?.name !== atom.name) at--;
    if (at >= 0) stack.length = at;
  }
}

const closers = (stack: Open[]) =>
  stack
    .map((o) => `</${o.name}>`)
    .reverse()
    .join("");
const closersLength = (stack: Open[]) => stack.reduce((n, o) => n + o.name.length + 3, 0);

type Priority = 0 | 1 | 2 | 3; // 3: blank line, 2: line end, 1: space, 0: anywhere

export function splitTelegramHtml(html: string, limit = TELEGRAM_MESSAGE_LIMIT): string[] {
  const atoms = atomsOf(html);
  const chunks: string[] = [];
  let stack: Open[] = [];
  let start = 0;
  while (start < atoms.length) {
    const prefix = stack.map((o) => o.raw).join("");
    const local = stack.slice();
    let length = prefix.length;
    let closing = closersLength(local);
    // The last break of each priority that fits, and how long the chunk would be there.
    const best: Array<{ at: number; length: number } | undefined> = [undefined, undefined, undefined, undefined];
    let end = start;
    let previous = "";
    for (; end < atoms.length; end++) {
      const atom = atoms[end]!;
      length += atom.raw.length;
      if (atom.kind !== "text") {
        step(local, atom);
        closing = closersLength(local);
      }
      if (length + closing > limit) break;
      if (atom.kind === "text") {
        const priority: Priority = atom.raw === "\n" ? (previous === "\n" ? 3 : 2) : atom.raw === " " || atom.raw === "\t" ? 1 : 0;
        best[priority] = { at: end, length };
        previous = atom.raw;
      }
    }
    let cut: number;
    if (end >= atoms.length) cut = atoms.length - 1;
    else {
      const half = limit / 2;
      const byPriority = [best[3], best[2], best[1], best[0]];
      const chosen = byPriority.find((b) => b !== undefined && b.length >= half) ?? byPriority.find((b) => b !== undefined);
      // Nothing fits at all (a tag longer than the limit): take one atom rather than loop forever.
      cut = chosen?.at ?? start;
      // End tags right after the break cost nothing (their closers were counted already).
      while (atoms[cut + 1]?.kind === "close") cut++;
    }
    const slice = atoms.slice(start, cut + 1);
    const next = stack.slice();
    let visible = false;
    for (const atom of slice) {
      step(next, atom);
      if (atom.kind === "text" && atom.raw.trim() !== "") visible = true;
    }
    if (visible) chunks.push(prefix + slice.map((a) => a.raw).join("") + closers(next));
    stack = next;
    start = cut + 1;
  }
  return chunks;
}
