export * from "./locales";
export * from "./routing";
export * from "./theme";
