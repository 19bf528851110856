// Zod-free: the web's CSV titles use these without the schema library.
/** UTF-8 byte-order mark: spreadsheet programs then read the CSV as UTF-8. */
export const CSV_BOM = "\uFEFF";
/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180): the API's rows, the web's titles. */
export const csvQuote = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
