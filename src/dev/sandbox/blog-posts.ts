/** Seeded blog posts in en and ru; contentJson is a TipTap/ProseMirror document. */
import { notFound } from "./errors.js";

type Mark = { type: "bold" | "italic" | "code" } | { type: "link"; attrs: { href: string } };
type Node = { type: string; attrs?: Record<string, unknown>; content?: Node[]; text?: string; marks?: Mark[] };

const text = (value: string, ...marks: Mark[]): Node => (marks.length ? { type: "text", text: value, marks } : { type: "text", text: value });
const bold = (value: string): Node => text(value, { type: "bold" });
const italic = (value: string): Node => text(value, { type: "italic" });
const code = (value: string): Node => text(value, { type: "code" });
const link = (value: string, href: string): Node => text(value, { type: "link", attrs: { href } });
const p = (...content: (Node | string)[]): Node => ({ type: "paragraph", content: content.map((c) => (typeof c === "string" ? text(c) : c)) });
const h = (level: number, value: string): Node => ({ type: "heading", attrs: { level }, content: [text(value)] });
const item = (...content: (Node | string)[]): Node => ({ type: "listItem", content: [p(...content)] });
const ul = (...items: Node[]): Node => ({ type: "bulletList", content: items });
const ol = (...items: Node[]): Node => ({ type: "orderedList", attrs: { start: 1 }, content: items });
const doc = (...content: Node[]): string => JSON.stringify({ type: "doc", content });

interface Translation {
  title: string;
  excerpt: string;
  categoryName: string;
  contentJson: string;
  metaTitle: string | null;
  metaDescription: string | null;
}

interface Post {
  slug: string;
  categorySlug: string;
  coverImageUrl: string | null;
  publishedAt: string;
  locales: { en: Translation } & Partial<Record<string, Translation>>;
}

const POSTS: Post[] = [
  {
    slug: "how-to-save-on-usdt-fees",
    categorySlug: "guides",
    coverImageUrl: "https://images.sandbox.invalid/blog/usdt-fees.png",
    publishedAt: "2025-01-15T09:00:00.000Z",
    locales: {
      en: {
        title: "How to save on USDT fees",
        excerpt: "Rent energy instead of burning TRX and pay up to 70% less per transfer.",
        categoryName: "Guides",
        metaTitle: "Save on USDT TRC20 fees",
        metaDescription: "Why renting energy is cheaper than burning TRX.",
        contentJson: doc(
          h(2, "Why USDT transfers cost TRX"),
          p("A USDT transfer needs about ", bold("65,000 energy"), " (or ", bold("131,000"), " to an address that holds no USDT yet)."),
          p("Without energy the network ", italic("burns"), " TRX at 100 SUN per unit."),
          h(2, "Rent instead of burning"),
          ol(item("Check the address with the ", code("address checker"), "."), item("Order energy for 1 hour or longer."), item("Send USDT.")),
          p("Read more in the ", link("energy guide", "https://sandbox.invalid/blog/what-is-energy"), "."),
        ),
      },
      ru: {
        title: "Как сэкономить на комиссиях USDT",
        excerpt: "Арендуйте энергию вместо сжигания TRX и платите до 70% меньше за перевод.",
        categoryName: "Руководства",
        metaTitle: "Экономия на комиссиях USDT TRC20",
        metaDescription: "Почему аренда энергии дешевле сжигания TRX.",
        contentJson: doc(
          h(2, "Почему перевод USDT стоит TRX"),
          p("Переводу USDT нужно около ", bold("65 000 энергии"), " (или ", bold("131 000"), " на адрес без USDT)."),
          p("Без энергии сеть ", italic("сжигает"), " TRX по 100 SUN за единицу."),
          h(2, "Арендуйте, а не сжигайте"),
          ol(item("Проверьте адрес через ", code("проверку адреса"), "."), item("Закажите энергию на 1 час или дольше."), item("Отправьте USDT.")),
        ),
      },
    },
  },
  {
    slug: "what-is-energy",
    categorySlug: "basics",
    coverImageUrl: null,
    publishedAt: "2024-11-02T12:00:00.000Z",
    locales: {
      en: {
        title: "What is energy on TRON?",
        excerpt: "Energy and bandwidth are the two resources every TRON transaction uses.",
        categoryName: "Basics",
        metaTitle: null,
        metaDescription: null,
        contentJson: doc(
          h(2, "Two resources"),
          ul(item(bold("Energy"), " pays for smart-contract calls such as USDT transfers."), item(bold("Bandwidth"), " pays for the bytes of a transaction; every activated address gets 600 free a day.")),
          p("Both recover over 24 hours after use."),
        ),
      },
    },
  },
  {
    slug: "auto-refill-guide",
    categorySlug: "guides",
    coverImageUrl: "https://images.sandbox.invalid/blog/auto-refill.png",
    publishedAt: "2025-03-01T08:30:00.000Z",
    locales: {
      en: {
        title: "Auto-refill, renewal and smart mode",
        excerpt: "Let rules keep your address supplied with energy.",
        categoryName: "Guides",
        metaTitle: "Energy automations explained",
        metaDescription: "Auto-refill, daily renewal and smart mode compared.",
        contentJson: doc(
          h(2, "Three kinds of rule"),
          ul(
            item(bold("Auto-refill"), ": when energy falls below a threshold, a fixed volume is delivered."),
            item(bold("Auto-renewal"), ": the same volume every day."),
            item(bold("Smart mode"), ": about 131k energy whenever the address needs it."),
          ),
          h(3, "Paying for rules"),
          p("Each firing is charged to your TRX balance. Turn on ", code("autoResume"), " so a paused rule restarts after a top-up."),
        ),
      },
      ru: {
        title: "Автопополнение, продление и умный режим",
        excerpt: "Пусть правила сами следят за энергией на адресе.",
        categoryName: "Руководства",
        metaTitle: null,
        metaDescription: null,
        contentJson: doc(
          h(2, "Три вида правил"),
          ul(
            item(bold("Автопополнение"), ": когда энергии меньше порога, доставляется заданный объём."),
            item(bold("Автопродление"), ": тот же объём каждый день."),
            item(bold("Умный режим"), ": около 131 тыс. энергии, когда она нужна."),
          ),
          p("Каждое срабатывание списывается с баланса TRX."),
        ),
      },
    },
  },
];

/** The post in `locale` (its primary subtag, e.g. ru-RU → ru), falling back to en. */
export function findBlogPost(slug: string, locale: string | null) {
  const post = POSTS.find((candidate) => candidate.slug === slug);
  if (!post) throw notFound("blog.post_not_found", `no blog post ${slug}`);
  const wanted = (locale || "en").toLowerCase().split(/[-_]/)[0] ?? "en";
  const translated = Object.hasOwn(post.locales, wanted) ? post.locales[wanted] : undefined;
  const translation = translated ?? post.locales.en;
  return {
    slug: post.slug,
    title: translation.title,
    excerpt: translation.excerpt,
    coverImageUrl: post.coverImageUrl,
    categorySlug: post.categorySlug,
    categoryName: translation.categoryName,
    contentJson: translation.contentJson,
    publishedAt: post.publishedAt,
    metaTitle: translation.metaTitle,
    metaDescription: translation.metaDescription,
    isTranslated: translated !== undefined,
  };
}

export const BLOG_SLUGS: readonly string[] = POSTS.map((post) => post.slug);
