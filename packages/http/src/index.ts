export * from "./constants";
export * from "./http-error";
export * from "./error-text";
export * from "./trace-id";
export * from "./build-url";
export * from "./build-headers";
export * from "./settle-response";
export * from "./create-http-client";
