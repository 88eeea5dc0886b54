/** The fake Bot API's request parsing: the body, multipart (uploads) or JSON or form, into a call's parameters. */
import type { IncomingMessage } from "node:http";
import { ApiError, MAX_BODY_BYTES, bad, isObj, normalizePayload, type Json, type UploadedFile } from "./common.js";

// --- request parsing --------------------------------------------------------

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError(413, "Request Entity Too Large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export function headerParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const m of `;${value.replace(/^[^;]*/, "")}`.matchAll(re)) {
    const name = m[1];
    if (name !== undefined) out[name.toLowerCase()] = (m[2] ?? m[3] ?? "").trim();
  }
  return out;
}

export function parseMultipart(body: Buffer, contentType: string): { fields: Json; files: Map<string, UploadedFile> } {
  const boundary = headerParams(contentType).boundary;
  if (!boundary) throw bad("multipart boundary not found");
  const fields: Json = {};
  const files = new Map<string, UploadedFile>();
  const delimiter = Buffer.from(`--${boundary}`);
  const separator = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw bad("can't parse multipart body");
  pos += delimiter.length;
  for (;;) {
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break; // "--": closing delimiter
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0) throw bad("can't parse multipart body");
    const next = body.indexOf(separator, headerEnd + 4);
    if (next < 0) throw bad("can't parse multipart body");
    const headers: Record<string, string> = {};
    for (const line of body.subarray(pos, headerEnd).toString("utf8").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const disposition = headerParams(headers["content-disposition"] ?? "");
    const data = body.subarray(headerEnd + 4, next);
    const name = disposition.name;
    if (name !== undefined) {
      if (disposition.filename !== undefined) {
        const file: UploadedFile = { filename: disposition.filename, data: Buffer.from(data) };
        const ct = headers["content-type"];
        if (ct !== undefined) file.contentType = ct;
        files.set(name, file);
      } else {
        fields[name] = data.toString("utf8");
      }
    }
    pos = next + separator.length;
  }
  // A file uploaded directly under the parameter's name (curl -F photo=@x.jpg).
  for (const name of files.keys()) if (!(name in fields)) fields[name] = `attach://${name}`;
  return { fields, files };
}

export function parseRequest(
  contentType: string | undefined,
  body: Buffer,
  query: URLSearchParams,
): { payload: Json; files: Map<string, UploadedFile> } {
  const payload: Json = {};
  let files = new Map<string, UploadedFile>();
  for (const [k, v] of query) payload[k] = v;
  const ct = (contentType ?? "").toLowerCase();
  if (body.length > 0) {
    if (ct.startsWith("application/json")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        throw bad("can't parse JSON request body");
      }
      if (isObj(parsed)) Object.assign(payload, parsed);
    } else if (ct.startsWith("multipart/form-data")) {
      const mp = parseMultipart(body, contentType ?? "");
      Object.assign(payload, mp.fields);
      files = mp.files;
    } else {
      for (const [k, v] of new URLSearchParams(body.toString("utf8"))) payload[k] = v;
    }
  }
  return { payload: normalizePayload(payload), files };
}
