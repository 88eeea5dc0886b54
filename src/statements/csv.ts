/**
 * The statement as a CSV file: one line per order or firing, oldest first, in columns documented in
 * the README ("Monthly statement"). It opens in a spreadsheet as is: UTF-8 with a byte order mark
 * (Excel reads the Cyrillic and Chinese names right), CRLF lines (RFC 4180), every field quoted,
 * ISO 8601 times in UTC, amounts with a decimal point whatever the user's language.
 */
import type { AddressLabels } from "../tron/address-names.js";
import { sunToTrx } from "../tron/amounts.js";
import type { Statement } from "./statement.js";

export const CSV_COLUMNS = [
  "kind",
  "time_utc",
  "key",
  "resource",
  "volume",
  "duration",
  "address",
  "address_label",
  "paid_trx",
  "burn_cost_trx",
  "saving_trx",
  "reference",
  "detail",
] as const;

const BOM = "\uFEFF";

/** A text the user typed (a key's or an address's name) never starts a formula in the spreadsheet. */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function field(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

const isoSecond = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export function statementCsv(statement: Statement, labels: AddressLabels): string {
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const key of statement.keys) {
    for (const line of key.lines) {
      rows.push([
        line.kind,
        isoSecond(line.at),
        inert(key.label),
        line.resource,
        line.volume.toString(),
        line.duration ?? "",
        line.address,
        inert(labels.get(line.address) ?? ""),
        sunToTrx(line.paidSun),
        line.burnSun === undefined ? "" : sunToTrx(line.burnSun),
        line.burnSun === undefined ? "" : sunToTrx(line.burnSun - line.paidSun),
        line.reference,
        line.detail,
      ]);
    }
  }
  return BOM + rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
