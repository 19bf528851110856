export * from "./envelope";
export * from "./user";
export * from "./config";
export * from "./vip";
export * from "./support";
export * from "./device-token";
export * from "./analytics";
