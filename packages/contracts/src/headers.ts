// Zod-free: the request client sets these headers and the API reads them.

/** Header names of spec §7, in one place. */
export const HeaderName = {
  contentType: "Content-Type",
  customToken: "custom-token",
  language: "Language",
  locale: "Locale",
  terminalType: "TerminalType",
  terminalCode: "TerminalCode",
  deviceId: "DeviceId",
  dyToken: "dy-token",
} as const;
