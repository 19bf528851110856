export * from "./constants";
export * from "./environment";
export * from "./load-script";
export * from "./create-device-token";
export * from "./terminal-identity";
export { readCachedCustomToken } from "./custom-token-cache";
export * from "./custom-token";
export * from "./risk-sdk";
