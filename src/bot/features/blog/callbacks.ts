/**
 * The blog post's ◀️ ▶️: the page to show in the tapped message (the post it reads is in
 * reading.ts); and a post of /blog's list, by its slug (a longer slug is a link instead).
 */
import { defineCallback } from "../../../telegram/callback-codec.js";

export const BlogButtons = {
  page: defineCallback("blog.pg", { page: "int" }, { inGroups: true }),
  open: defineCallback("blog.op", { slug: "word" }, { inGroups: true }),
} as const;
