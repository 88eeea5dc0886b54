/**
 * The bot's files: sendPhoto (an upload, a URL, or the file_id of a photo sent before) and
 * sendDocument (an upload, whose bytes are kept for `documentBytes`).
 */
import type { Message } from "grammy/types";
import { bad, clone, type CallContext, type Handler, type Json, type MsgRecord, type StoredPhoto, type UploadedFile } from "../common.js";
import { imageSize } from "../markup.js";
import { targetChat, type World } from "../world.js";
import { captionText, newBotMessage, storeBotMessage } from "./bot-message.js";

export function createFileMethods(world: World): { methods: Record<string, Handler>; reset(): void } {
  /** Photos by each size's file_id, so the bot may send one again by its id. */
  const photos = new Map<string, StoredPhoto>();

  const storePhoto = (bytes: Buffer | undefined, size: { width: number; height: number }): StoredPhoto => {
    const n = world.nextId();
    const scale = Math.min(1, 90 / Math.max(size.width, size.height, 1));
    const dims = [
      { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) },
      size,
    ];
    const sizes = dims.map((d, i) => {
      const s: Json = {
        file_id: `AgACAgIAAxkBAAFAKE${n}x${i}`,
        file_unique_id: `AQADFAKE${n}x${i}`,
        width: d.width,
        height: d.height,
      };
      if (bytes) s.file_size = bytes.length;
      return s;
    });
    const stored: StoredPhoto = bytes ? { sizes, bytes } : { sizes };
    for (const s of sizes) photos.set(String(s.file_id), stored);
    return stored;
  };

  const resolvePhoto = (value: unknown, files: Map<string, UploadedFile>): StoredPhoto => {
    if (typeof value !== "string" || value === "") throw bad("there is no photo in the request");
    if (value.startsWith("attach://")) {
      const file = files.get(value.slice("attach://".length));
      if (!file) throw bad("there is no photo in the request");
      if (file.data.length === 0) throw bad("file must be non-empty");
      return storePhoto(file.data, imageSize(file.data) ?? { width: 512, height: 512 });
    }
    const known = photos.get(value);
    if (known) return known;
    if (/^https?:\/\/\S+$/i.test(value)) return storePhoto(undefined, { width: 800, height: 600 });
    throw bad("wrong file identifier/HTTP URL specified");
  };

  const sendPhoto = (p: Json, ctx: CallContext): Message => {
    const chat = targetChat(world, p, true);
    const photo = resolvePhoto(p.photo, ctx.files);
    const r = captionText(p);
    const { messageId, message, markup } = newBotMessage(world, chat, p);
    message.photo = clone(photo.sizes);
    if (r.text) message.caption = r.text;
    if (r.entities.length > 0) message.caption_entities = r.entities;
    if (p.has_spoiler === true) message.has_media_spoiler = true;
    const rec: MsgRecord = { messageId, from: "bot", message, photo: true, entities: r.entities, deleted: false, editedCount: 0 };
    if (r.text) rec.caption = r.text;
    if (photo.bytes) rec.bytes = photo.bytes;
    return storeBotMessage(chat, rec, markup);
  };

  /** A document uploaded with the request (attach://): its bytes are kept (documentBytes), not resent by file_id. */
  const sendDocument = (p: Json, ctx: CallContext): Message => {
    const chat = targetChat(world, p, true);
    const value = p.document;
    if (typeof value !== "string" || value === "") throw bad("there is no document in the request");
    const file = value.startsWith("attach://") ? ctx.files.get(value.slice("attach://".length)) : undefined;
    if (!file) throw bad("wrong file identifier/HTTP URL specified");
    if (file.data.length === 0) throw bad("file must be non-empty");
    const fileName = file.filename ?? "document";
    const r = captionText(p);
    const { messageId, message, markup } = newBotMessage(world, chat, p, () => {
      const n = world.nextId();
      const document: Json = { file_id: `BQACAgIAAxkBAAFAKE${n}`, file_unique_id: `AgADFAKE${n}`, file_name: fileName, file_size: file.data.length };
      if (file.contentType !== undefined) document.mime_type = file.contentType;
      return { document };
    });
    if (r.text) message.caption = r.text;
    if (r.entities.length > 0) message.caption_entities = r.entities;
    const rec: MsgRecord = { messageId, from: "bot", message, photo: false, entities: r.entities, deleted: false, editedCount: 0, bytes: Buffer.from(file.data) };
    rec.document = file.contentType === undefined ? { fileName } : { fileName, mimeType: file.contentType };
    if (r.text) rec.caption = r.text;
    return storeBotMessage(chat, rec, markup);
  };

  return { methods: { sendPhoto, sendDocument }, reset: () => photos.clear() };
}
