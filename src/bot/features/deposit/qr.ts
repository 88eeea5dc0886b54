/** QR codes for deposit addresses (the `qrcode` package). */
import QRCode from "qrcode";

export const QR_OPTIONS = { type: "png", margin: 2, width: 512, errorCorrectionLevel: "M" } as const;

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, QR_OPTIONS);
}
