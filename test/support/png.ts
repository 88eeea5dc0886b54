/** Reads a PNG's size from its IHDR chunk, after checking the signature (throws if not a PNG). */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG: bad signature");
  if (bytes.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG: the first chunk is not IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
