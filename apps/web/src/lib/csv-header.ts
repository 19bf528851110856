import { CSV_BOM, csvQuote } from "@affiliates/contracts";

/**
 * Replaces a CSV's header row (the API's English column keys) with the column titles of the page's language; every
 * data row and the line ending stay as they are. `title` answers undefined for a key it does not know: that column
 * keeps its key. The result starts with exactly one byte-order mark, whether or not the text still had it (fetch's
 * `text()` drops it), so spreadsheet programs read the file as UTF-8.
 */
export function localizeCsvHeader(csv: string, title: (key: string) => string | undefined): string {
  const body = csv.startsWith(CSV_BOM) ? csv.slice(CSV_BOM.length) : csv;
  const end = body.indexOf("\n");
  const line = end === -1 ? body : body.slice(0, end);
  const crlf = line.endsWith("\r");
  const header = crlf ? line.slice(0, -1) : line;
  if (header === "") return `${CSV_BOM}${body}`;
  // The keys are plain identifiers; a quoted one is unquoted first.
  const titles = header.split(",").map((field) => {
    const key = field.replace(/^"(.*)"$/, "$1").replace(/""/g, '"');
    return csvQuote(title(key) ?? key);
  });
  return `${CSV_BOM}${titles.join(",")}${crlf ? "\r" : ""}${end === -1 ? "" : body.slice(end)}`;
}
