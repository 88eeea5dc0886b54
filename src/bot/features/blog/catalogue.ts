/**
 * The posts the bot knows of, for /blog without a slug. The marketplace lists no posts (it serves
 * one post by its slug), so the known ones are the seed posts and every post reachable from them
 * through links to other posts, read breadth-first up to `max` posts (the marketplace client keeps
 * each post a few minutes, so a second /blog asks for none again). Newest first.
 */
import type { BlogPost } from "../../../marketplace/index.js";
import { renderContentJson } from "./render/content.js";
import { linkedPostSlugs } from "./render/post-links.js";

/** A post by its slug; undefined when there is none. */
export type PostLookup = (slug: string) => Promise<BlogPost | undefined>;

export const MAX_KNOWN_POSTS = 12;

export async function knownPosts(lookup: PostLookup, seeds: readonly string[], max = MAX_KNOWN_POSTS): Promise<BlogPost[]> {
  const seen = new Set(seeds);
  const queue = [...seeds];
  const found: BlogPost[] = [];
  while (queue.length > 0 && found.length < max) {
    const post = await lookup(queue.shift()!);
    if (!post) continue;
    found.push(post);
    for (const slug of linkedPostSlugs(renderContentJson(post.contentJson))) {
      if (!seen.has(slug)) {
        seen.add(slug);
        queue.push(slug);
      }
    }
  }
  return found.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}

/** Which of `slugs` are posts (at most `max` are asked for; a lookup that fails counts as none). */
export async function existingPosts(lookup: PostLookup, slugs: readonly string[], max = MAX_KNOWN_POSTS): Promise<Set<string>> {
  const found = await Promise.all(slugs.slice(0, max).map((slug) => lookup(slug).then((post) => (post ? slug : undefined), () => undefined)));
  return new Set(found.filter((slug): slug is string => slug !== undefined));
}
