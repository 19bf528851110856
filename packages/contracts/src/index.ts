export * from "./envelope";
export * from "./user";
export * from "./config";
