import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINT_NAMES, type EndpointName } from "@affiliates/contracts/endpoints";
import { ENDPOINT_ERRORS, endpointErrorKinds } from "../src/platform/http/endpoint-errors";
import { ERROR_CODES, type ErrorCode } from "../src/platform/http/errors";

/**
 * The errors the document declares against what the code throws: every `new ApiError("<kind>")` (or a kind named in a
 * helper's table) of a domain is declared by one of the endpoints that domain serves or is called by, and every
 * declared kind is one of the error table's.
 */
const SRC = join(import.meta.dirname, "../src");
const DOMAINS = join(SRC, "domains");

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );

const isKind = (value: string): value is ErrorCode => Object.hasOwn(ERROR_CODES, value);

/** The kinds a source throws: `new ApiError("kind"` and the string kinds it hands to a helper that throws them. */
function thrownKinds(source: string): Set<ErrorCode> {
  const kinds = new Set<ErrorCode>();
  for (const [, kind] of source.matchAll(/new ApiError\(\s*"([a-z_]+)"/g)) if (kind && isKind(kind)) kinds.add(kind);
  for (const [, kind] of source.matchAll(/"([a-z]+(?:_[a-z]+)+)"/g)) if (kind && isKind(kind)) kinds.add(kind);
  return kinds;
}

/** The endpoints a source registers (`endpoint(app, "name"`). */
const registered = (source: string): EndpointName[] =>
  Array.from(source.matchAll(/endpoint\(\s*app,\s*"([A-Za-z]+)"/g), ([, name]) => name as EndpointName);

/** Which domains a domain's files import (`../<domain>/`). */
const importedDomains = (source: string): string[] =>
  Array.from(source.matchAll(/from "\.\.\/([a-z-]+)\//g), ([, domain]) => domain ?? "");

const domains = readdirSync(DOMAINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sourceOf = (domain: string): string =>
  filesOf(join(DOMAINS, domain))
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
const adminSource = readFileSync(join(SRC, "admin-routes.ts"), "utf8");

/** The names a domain decorates the app with (`app.decorate("payouts", …)`, `app.decorate(\n "errorEvents"`). */
const decoratorsOf = (source: string): string[] =>
  Array.from(source.matchAll(/decorate\(\s*"([A-Za-z]+)"/g), ([, name]) => name ?? "");

/**
 * The endpoints whose handlers can reach a domain's code: its own routes, and those of the domains (and the
 * operators' routes) that import it or use what it decorates the app with.
 */
function endpointsReaching(domain: string): EndpointName[] {
  const names = new Set<EndpointName>(registered(sourceOf(domain)));
  const uses = decoratorsOf(sourceOf(domain)).map((name) => new RegExp(`\\b(?:app|server)\\.${name}\\b`));
  const reaches = (source: string) => importedDomains(source).includes(domain) || uses.some((use) => use.test(source));
  for (const other of domains) {
    if (other !== domain && reaches(sourceOf(other))) for (const name of registered(sourceOf(other))) names.add(name);
  }
  if (reaches(adminSource)) for (const name of registered(adminSource)) names.add(name);
  return [...names];
}

/** Kinds the platform raises for every endpoint (input, media type, session, rate limit, server) or none at all. */
const GENERIC: ReadonlySet<ErrorCode> = new Set(["bad_request", "internal", "rate_limited", "payload_too_large"]);

describe("the declared errors against the thrown ones", () => {
  it("every declared kind is one of the error table's, and every endpoint has a list", () => {
    expect(Object.keys(ENDPOINT_ERRORS).sort()).toEqual([...ENDPOINT_NAMES].sort());
    for (const name of ENDPOINT_NAMES)
      for (const kind of endpointErrorKinds(name)) expect(isKind(kind), kind).toBe(true);
  });

  it.each(domains)("%s: each kind its code throws is declared by an endpoint that reaches it", (domain) => {
    const reaching = endpointsReaching(domain);
    const declared = new Set(reaching.flatMap((name) => endpointErrorKinds(name)));
    const undeclared = [...thrownKinds(sourceOf(domain))].filter((kind) => !GENERIC.has(kind) && !declared.has(kind));
    // The pages (login, register, /r/ links) are no endpoints of the table: their refusals are the pages' own.
    if (domain === "pages") return;
    expect(reaching.length, `${domain} is reached by no endpoint`).toBeGreaterThan(0);
    expect(undeclared, `${domain}: reached by ${reaching.join(", ")}`).toEqual([]);
  });

  it("the operators' routes declare what their hook throws", () => {
    const admin = registered(adminSource);
    expect(admin.length).toBeGreaterThan(0);
    for (const name of admin) expect(endpointErrorKinds(name)).toContain("forbidden");
    for (const kind of thrownKinds(adminSource)) {
      if (!GENERIC.has(kind)) for (const name of admin) expect(endpointErrorKinds(name), name).toContain(kind);
    }
  });
});
