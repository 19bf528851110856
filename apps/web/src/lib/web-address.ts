/**
 * A web address as people type it: a bare domain (`example.com/page`) gets `https://`; an address with a scheme, or
 * an empty one, is left as it is (the check then says what is wrong).
 */
export function withHttps(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "" || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/\//, "")}`;
}
