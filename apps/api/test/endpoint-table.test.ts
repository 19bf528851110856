import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEVICE_TOKEN_APP_IDS,
  encodeParamStr,
  experienceCardSchema,
  referralLinkSchema,
  subAffiliateListSchema,
  subInvitationOfferListSchema,
  subAffiliateNetworkSchema,
  vipAirdropListSchema,
  affiliateApplicationCreatedSchema,
} from "@affiliates/contracts";
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  endpointPath,
  pathParamNames,
  type EndpointName,
} from "@affiliates/contracts/endpoints";
import { endpointSchemasOf } from "@affiliates/contracts/endpoint-schemas";
import { z } from "zod";
import { AnswerMismatchError, answerSerializerCompiler, answersChecked } from "../src/platform/http/schema-compilers";
import { makeEvent } from "./helpers/analytics-events";
import { okData as data } from "./helpers/envelope-assertions";
import {
  AFFILIATE,
  DIALECT,
  PLAIN_USER,
  createTestApp,
  deviceToken,
  envelope,
  login,
  sessionCookie,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/**
 * The endpoint table against the real app (createTestApp, seeded demo accounts): every entry answers its answer
 * schema for a valid request, and refuses bad ones with a 4xx naming the field. A new entry without a valid
 * request here fails the type check (VALID is exhaustive over the table).
 */
const ADMIN_TOKEN = "endpoint-table-admin-token";
const AFFILIATE_ID = "8012345678";
const DSN = "https://public@localhost/1";

type Who = "visitor" | "affiliate" | "user";

interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as it is (the tunnel's envelope), with its content type. */
  raw?: { payload: string; contentType: string };
  /** The session the call carries (the table's access decides the default: the affiliate, or nobody). */
  cookie?: string;
  headers?: Record<string, string>;
}

let t: TestApp;
let dy: string;
const cookies: Record<Exclude<Who, "visitor">, string> = { affiliate: "", user: "" };

function urlOf(name: EndpointName, call: Call): string {
  let path: string = ENDPOINTS[name].path;
  for (const key of pathParamNames(path))
    path = path.replace(`:${key}`, encodeURIComponent(String(call.params?.[key] ?? "")));
  const query = call.query ? `?${new URLSearchParams(call.query).toString()}` : "";
  return `/${path}${query}`;
}

/** One call of an entry, with the device token and admin token it needs and the session its access asks for. */
function send(name: EndpointName, call: Call): Promise<LightMyRequestResponse> {
  const spec = ENDPOINTS[name];
  const headers: Record<string, string> = {
    ...(spec.dyToken ? { "dy-token": dy } : {}),
    ...(spec.access === "admin" ? { "x-admin-token": ADMIN_TOKEN } : {}),
  };
  const cookie =
    call.cookie ?? (spec.access === "login" || spec.access === "affiliate" ? cookies.affiliate : undefined);
  if (call.raw) headers["content-type"] = call.raw.contentType;
  else if (call.body !== undefined) headers["content-type"] = "application/json";
  return t.app.inject({
    method: spec.method,
    url: urlOf(name, call),
    headers: { ...headers, ...call.headers },
    cookies: cookie ? { refresh_token: cookie } : {},
    ...(call.raw
      ? { payload: call.raw.payload }
      : call.body !== undefined
        ? { payload: JSON.stringify(call.body) }
        : {}),
  });
}

let registered = 0;
/** A new account (logged in): for the calls that change a user once (applications, invitations, a referrer). */
async function freshUser(): Promise<{ email: string; cookie: string; userId: string }> {
  const email = `table-${++registered}-${Date.now()}@example.com`;
  const response = await send("register", { body: { email, password: "Newcomer#2026" } });
  expect(response.statusCode, response.body).toBe(200);
  const { userId } = endpointSchemasOf("register").answer.parse(envelope(response).data) as { userId: string };
  return { email, cookie: sessionCookie(response), userId };
}

/** An open risk flag: a new account on the affiliate's network binds the affiliate's code (attributed, held). */
async function heldFlag(): Promise<number> {
  data(await send("referrerBind", { cookie: (await freshUser()).cookie, body: { code: "aurora10" } }));
  const { flags } = endpointSchemasOf("adminRiskFlags").answer.parse(
    data(await send("adminRiskFlags", { query: { status: "open" } })),
  ) as { flags: { id: number }[] };
  return flags[0]?.id ?? 0;
}

async function issueCard(): Promise<string> {
  return experienceCardSchema.parse(data(await send("cardIssue", { body: { amountUsdt: 10 } }))).code;
}

/** A sub-affiliate of the demo affiliate: a fresh account invited and accepting. */
async function newSubAffiliate(): Promise<string> {
  return (await newSub()).userId;
}
async function newSub(): Promise<{ userId: string; cookie: string }> {
  const newcomer = await freshUser();
  data(await send("subAffiliateInvite", { body: { email: newcomer.email, rateBps: 1000 } }));
  const [offer] = subInvitationOfferListSchema.parse(
    data(await send("subInvitationOffers", { cookie: newcomer.cookie })),
  ).offers;
  data(
    await send("subInvitationAccept", {
      params: { id: offer?.id ?? 0 },
      body: { rateBps: offer?.rateBps ?? 0 },
      cookie: newcomer.cookie,
    }),
  );
  return newcomer;
}

/** A sub-affiliate with a rate offer from the demo affiliate awaiting their answer. */
async function rateOfferTo(): Promise<{ id: number; rateBps: number; cookie: string }> {
  const sub = await newSub();
  data(await send("subAffiliateUpdate", { params: { userId: sub.userId }, body: { rateBps: 800 } }));
  const { inviter } = subAffiliateNetworkSchema.parse(data(await send("subAffiliates", { cookie: sub.cookie })));
  return { id: inviter?.pendingOffer?.id ?? 0, rateBps: inviter?.pendingOffer?.rateBps ?? 0, cookie: sub.cookie };
}

async function offerTo(): Promise<{ id: number; cookie: string }> {
  const invitee = await freshUser();
  data(await send("subAffiliateInvite", { body: { email: invitee.email, rateBps: 500 } }));
  const [offer] = subInvitationOfferListSchema.parse(
    data(await send("subInvitationOffers", { cookie: invitee.cookie })),
  ).offers;
  return { id: offer?.id ?? 0, cookie: invitee.cookie };
}

const sentryEnvelope = (): string => {
  const eventId = "0123456789abcdef0123456789abcdef";
  return [
    JSON.stringify({ event_id: eventId, dsn: DSN }),
    JSON.stringify({ type: "event" }),
    JSON.stringify({ event_id: eventId, message: "table check", level: "error" }),
  ].join("\n");
};

const affiliateApplication = (email: string) => ({
  name: "Table Tester",
  email,
  channels: [{ type: "youtube", url: "https://youtube.com/@table", audience: 1200 }],
  region: "SG",
});

/** A valid request of every entry (setting up what it needs first). */
const VALID: Record<EndpointName, () => Call | Promise<Call>> = {
  register: () => ({ body: { email: `table-register-${Date.now()}@example.com`, password: "Newcomer#2026" } }),
  login: () => ({ body: { email: PLAIN_USER.email, password: PLAIN_USER.password } }),
  logout: async () => ({ cookie: (await freshUser()).cookie }),
  userInfo: () => ({ body: {}, cookie: cookies.user }),
  domainConfig: () => ({}),
  clientCommonConfig: () => ({ body: {} }),
  deviceTokenIssue: () => ({ body: { appId: DEVICE_TOKEN_APP_IDS.test, fingerprint: "table-fingerprint-0123456789" } }),
  riskLogReport: () => ({
    body: {
      paramStr: encodeParamStr({
        version: "1.0.0",
        dxToken: "",
        customToken: "",
        timestamp: Date.now(),
        deviceInfo: { platform: "Linux x86_64" },
      }),
    },
  }),
  analyticsIngest: () => ({ body: [makeEvent(1)], headers: { deviceid: "dev1" } }),
  supportMessage: () => ({ body: { email: "visitor@example.com", message: "Where are the fee tiers?" } }),
  sentryTunnel: () => ({
    params: { projectId: "1" },
    raw: { payload: sentryEnvelope(), contentType: "application/x-sentry-envelope" },
  }),

  vipFeeSchedule: () => ({}),
  vipProgramme: () => ({}),
  vipGuide: () => ({ query: { locale: "en" } }),
  vipStatus: () => ({}),
  vipAirdrops: () => ({ cookie: cookies.affiliate }),
  vipAirdropJoin: async () => {
    const list = vipAirdropListSchema.parse(data(await send("vipAirdrops", { cookie: cookies.affiliate })));
    const live = list.campaigns.find((c) => c.state === "live" && c.requiredLevel <= (list.userLevel ?? 0));
    if (!live) throw new Error(`no live campaign for level ${list.userLevel}`);
    return { params: { id: live.id } };
  },

  brokerProgramme: () => ({}),
  marketMakerProgramme: () => ({}),
  institutionalProgramme: () => ({}),
  incubationProgramme: () => ({}),
  partnerApply: async () => ({
    cookie: (await freshUser()).cookie,
    body: {
      kind: "broker",
      name: "Table Tester",
      email: "broker@example.com",
      company: "Table Brokers",
      country: "SG",
      brokerType: "api",
      platformUrl: "https://broker.example.com",
      monthlyVolumeUsdt: 1_000_000,
      userCount: 500,
    },
  }),
  myPartnerApplication: () => ({ query: { kind: "broker" } }),

  affiliateProgramme: () => ({}),
  cardClaimView: async () => ({ params: { code: await issueCard() } }),
  cardClaim: async () => ({ params: { code: await issueCard() }, cookie: (await freshUser()).cookie }),
  affiliateApply: async () => {
    const applicant = await freshUser();
    return { cookie: applicant.cookie, body: affiliateApplication(applicant.email) };
  },
  myAffiliateApplication: () => ({}),
  subInvitationOffers: () => ({ cookie: cookies.user }),
  subInvitationAccept: async () => {
    const offer = await offerTo();
    return { params: { id: offer.id }, body: { rateBps: 500 }, cookie: offer.cookie };
  },
  subInvitationDecline: async () => {
    const offer = await offerTo();
    return { params: { id: offer.id }, cookie: offer.cookie };
  },
  referrerBind: async () => ({ cookie: (await freshUser()).cookie, body: { code: "aurora10" } }),

  affiliateSummary: () => ({}),
  affiliateLevel: () => ({}),
  links: () => ({}),
  linkCreate: () => ({ body: { label: "Table check", channel: "website" } }),
  linkUpdate: async () => {
    const link = referralLinkSchema.parse(data(await send("linkCreate", { body: { label: "To be renamed" } })));
    return { params: { id: link.id }, body: { label: "Renamed" } };
  },
  invitees: () => ({ query: { page: "1" } }),
  inviteesCsv: () => ({}),
  commissions: () => ({}),
  commissionsCsv: () => ({}),
  payouts: () => ({}),
  statement: () => ({ query: { page: "1", pageSize: "10" } }),
  payoutWithdraw: () => ({}),
  subAffiliates: () => ({}),
  subAffiliateInvite: () => ({ body: { email: `table-invite-${Date.now()}@example.com`, rateBps: 1000 } }),
  subAffiliateUpdate: async () => ({
    params: { userId: await newSubAffiliate() },
    body: { note: "Runs a newsletter" },
  }),
  subAffiliateEnd: async () => ({ params: { userId: await newSubAffiliate() } }),
  subRateOfferAccept: async () => {
    const offer = await rateOfferTo();
    return { params: { id: offer.id }, body: { rateBps: offer.rateBps }, cookie: offer.cookie };
  },
  subRateOfferDecline: async () => {
    const offer = await rateOfferTo();
    return { params: { id: offer.id }, cookie: offer.cookie };
  },
  subAffiliateLeave: async () => ({ cookie: (await newSub()).cookie }),
  subInvitationWithdraw: async () => {
    data(
      await send("subAffiliateInvite", { body: { email: `table-withdraw-${Date.now()}@example.com`, rateBps: 700 } }),
    );
    const list = subAffiliateListSchema.parse(data(await send("subAffiliates", {})));
    const pending = list.pendingInvitations.find((i) => i.rateBps === 700);
    return { params: { id: pending?.id ?? 0 } };
  },
  cards: () => ({}),
  cardIssue: () => ({ body: { amountUsdt: 20, validDays: 7 } }),

  adminHealth: () => ({}),
  adminSupportMessages: () => ({ query: { limit: "5" } }),
  adminErrors: () => ({ query: { limit: "5" } }),
  adminAnalyticsEvents: () => ({ query: { limit: "5" } }),
  adminAnalyticsSwitch: () => ({ body: { deviceId: "table-device", enabled: true } }),
  adminTrades: () => ({
    body: {
      trades: [
        {
          tradeId: `table-${DIALECT}-1`,
          userId: AFFILIATE_ID,
          market: "spot",
          notional: 1000,
          fee: 1,
          feeCurrency: "USDT",
          time: new Date().toISOString(),
        },
      ],
    },
  }),
  adminSettle: () => ({}),
  adminReviewLevels: () => ({}),
  adminAffiliateApplications: () => ({ query: { status: "pending", limit: "10" } }),
  adminAffiliateDecision: async () => {
    const applicant = await freshUser();
    const created = affiliateApplicationCreatedSchema.parse(
      data(await send("affiliateApply", { cookie: applicant.cookie, body: affiliateApplication(applicant.email) })),
    );
    return { params: { id: created.id }, body: { decision: "reject", note: "Table check" } };
  },
  adminCardQuota: () => ({ params: { userId: AFFILIATE_ID }, body: { monthlyQuota: 1000 } }),
  adminAirdropParticipants: async () => {
    const list = vipAirdropListSchema.parse(data(await send("vipAirdrops", {})));
    return { params: { id: list.campaigns[0]?.id ?? "none" } };
  },
  adminPartnerApplications: () => ({ query: { kind: "broker" } }),
  adminRiskFlags: () => ({ query: { status: "open", limit: "50" } }),
  adminLedgerAdjustment: () => ({
    body: { userId: AFFILIATE_ID, amountUsdt: 1.25, reason: "table check credit", reference: `table-${Date.now()}` },
  }),
  adminRiskRelease: async () => ({ params: { id: await heldFlag() }, body: { reason: "checked: two people" } }),
  adminRiskVoid: async () => ({ params: { id: await heldFlag() }, body: { reason: "same person, two accounts" } }),
};

beforeAll(async () => {
  t = await createTestApp({ adminToken: ADMIN_TOKEN });
  dy = await deviceToken(t.app);
  cookies.affiliate = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
  cookies.user = sessionCookie(await login(t.app, PLAIN_USER.email, PLAIN_USER.password));
  // Room for the cards this suite issues, whatever the month's seeded use.
  data(await send("adminCardQuota", { params: { userId: AFFILIATE_ID }, body: { monthlyQuota: 1000 } }));
});
afterAll(async () => {
  await t.close();
});

describe(`the endpoint table: every entry answers its schema (${DIALECT})`, () => {
  it("the table's helper fills path parameters, URI-encoded", () => {
    expect(endpointPath("linkUpdate", { id: 7 })).toBe("v1/affiliate/links/7");
    expect(endpointPath("cardClaim", { code: "A/B" })).toBe("v1/affiliate/cards/claim/A%2FB");
    expect(endpointPath("links")).toBe("v1/affiliate/links");
    expect(pathParamNames(ENDPOINTS.adminAffiliateDecision.path)).toEqual(["id"]);
  });

  it.each(ENDPOINT_NAMES)("%s", async (name) => {
    const call = await VALID[name]();
    const response = await send(name, call);
    expect(response.statusCode, response.body).toBe(200);
    const { answer } = endpointSchemasOf(name);
    const format = ENDPOINTS[name].format;
    if (format === "csv") {
      expect(response.headers["content-type"]).toMatch(/^text\/csv/);
      expect(answer.safeParse(response.body).success).toBe(true);
      return;
    }
    const body: unknown = response.json();
    const payload = format === "envelope" ? envelope(response).data : body;
    if (format === "envelope") expect(envelope(response).code).toBe("00000");
    const parsed = answer.safeParse(payload);
    expect(parsed.success, parsed.error?.message).toBe(true);
  });
});

describe("answer checks", () => {
  const schema = z.object({ code: z.string(), msg: z.string(), data: z.object({ userId: z.string() }) });
  const route = { schema, method: "POST", url: apiUrl("login"), httpStatus: "200" };

  it("with checks on, an answer off its schema fails naming the field; a good one is sent as JSON.stringify sends it", () => {
    const serialize = answerSerializerCompiler(true)(route);
    expect(() => serialize({ code: "00000", msg: "success", data: { userId: 42 } })).toThrow(AnswerMismatchError);
    expect(() => serialize({ code: "00000", msg: "success", data: { userId: 42 } })).toThrow(/data\.userId: /);
    // Extra fields are not stripped: the wire format does not depend on the check.
    const answer = { code: "00000", msg: "success", data: { userId: "8012345678", extra: 1 } };
    expect(serialize(answer)).toBe(JSON.stringify(answer));
  });

  it("with checks off (production), answers are not parsed at all", () => {
    const serialize = answerSerializerCompiler(false)(route);
    expect(serialize({ data: { userId: 42 } })).toBe(JSON.stringify({ data: { userId: 42 } }));
  });

  it("checks are on in tests and development, off online", () => {
    expect(answersChecked("test", "production")).toBe(true);
    expect(answersChecked("online", "test")).toBe(true);
    expect(answersChecked("online", "development")).toBe(true);
    expect(answersChecked("online", "production")).toBe(false);
    expect(answersChecked("beta", "production")).toBe(false);
  });
});

interface BadCase extends Call {
  /** The field the message names first ("field: …"). */
  field: string;
}

/** Bad requests: each answered 400 with the envelope naming the field, before the route does anything. */
const BAD: Partial<Record<EndpointName, BadCase[]>> = {
  register: [
    { body: { email: "nope", password: "Newcomer#2026" }, field: "email" },
    { body: { email: "a@b.co", password: "short" }, field: "password" },
  ],
  login: [{ body: { email: "a@b.co" }, field: "password" }],
  logout: [{ body: { bogus: 1 }, field: "bogus" }],
  userInfo: [{ body: { terminalCode: 1 }, field: "terminalCode" }],
  clientCommonConfig: [{ body: { bogus: true }, field: "bogus" }],
  deviceTokenIssue: [{ body: { appId: DEVICE_TOKEN_APP_IDS.test }, field: "fingerprint" }],
  riskLogReport: [{ body: { paramStr: "%%%" }, field: "paramStr" }],
  analyticsIngest: [
    { body: { events: [] }, field: "body" },
    { body: Array.from({ length: 51 }, (_, n) => makeEvent(n)), field: "body" },
  ],
  supportMessage: [{ body: { email: "visitor@example.com", message: "" }, field: "message" }],
  vipProgramme: [{ query: { bogus: "1" }, field: "bogus" }],
  vipGuide: [{ query: { locale: "e1" }, field: "locale" }],
  vipAirdrops: [{ query: { page: "2" }, field: "page" }],
  vipAirdropJoin: [{ params: { id: "Not_An_Id" }, field: "id" }],
  partnerApply: [
    { body: { kind: "nope" }, field: "kind" },
    { body: { kind: "broker", name: "X" }, field: "name" },
  ],
  myPartnerApplication: [{ query: { kind: "nope" }, field: "kind" }],
  cardClaimView: [{ params: { code: "short" }, field: "code" }],
  cardClaim: [{ params: { code: "lowercase123" }, field: "code" }],
  affiliateApply: [{ body: { ...affiliateApplication("x@example.com"), channels: [] }, field: "channels" }],
  subInvitationAccept: [
    { params: { id: "abc" }, body: { rateBps: 500 }, field: "id" },
    { params: { id: 1 }, body: {}, field: "rateBps" },
    { params: { id: 1 }, body: { rateBps: "40%" }, field: "rateBps" },
  ],
  subInvitationDecline: [{ params: { id: "0" }, field: "id" }],
  referrerBind: [{ body: { code: "a" }, field: "code" }],
  affiliateSummary: [{ query: { from: "2026-13-01" }, field: "from" }],
  links: [{ query: { to: "yesterday" }, field: "to" }],
  linkCreate: [{ body: { label: "" }, field: "label" }],
  linkUpdate: [
    { params: { id: "abc" }, body: { label: "x" }, field: "id" },
    { params: { id: 1 }, body: { archived: "yes" }, field: "archived" },
  ],
  invitees: [{ query: { bogus: "1" }, field: "bogus" }],
  statement: [{ query: { pageSize: "5" }, field: "pageSize" }],
  inviteesCsv: [{ query: { bogus: "1" }, field: "bogus" }],
  commissions: [{ query: { from: "soon" }, field: "from" }],
  commissionsCsv: [{ query: { to: "later" }, field: "to" }],
  subAffiliateInvite: [{ body: { email: "x@example.com", rateBps: 0 }, field: "rateBps" }],
  subAffiliateUpdate: [{ params: { userId: "abc" }, body: { note: "x" }, field: "userId" }],
  subAffiliateEnd: [{ params: { userId: "12" }, field: "userId" }],
  subInvitationWithdraw: [{ params: { id: "-1" }, field: "id" }],
  subRateOfferAccept: [{ params: { id: 1 }, body: { rateBps: -1 }, field: "rateBps" }],
  subRateOfferDecline: [{ params: { id: "x" }, field: "id" }],
  cardIssue: [{ body: { amountUsdt: 15 }, field: "amountUsdt" }],
  adminSupportMessages: [{ query: { limit: "0" }, field: "limit" }],
  adminErrors: [{ query: { limit: "many" }, field: "limit" }],
  adminAnalyticsEvents: [{ query: { type: "nope" }, field: "type" }],
  adminAnalyticsSwitch: [{ body: { deviceId: "d", enabled: "yes" }, field: "enabled" }],
  adminTrades: [{ body: { trades: [] }, field: "trades" }],
  adminSettle: [{ query: { day: "tomorrow" }, field: "day" }],
  adminReviewLevels: [{ query: { month: "2026-13" }, field: "month" }],
  adminAffiliateApplications: [{ query: { bogus: "1" }, field: "bogus" }],
  adminAffiliateDecision: [{ params: { id: 1 }, body: { decision: "maybe" }, field: "decision" }],
  adminCardQuota: [{ params: { userId: AFFILIATE_ID }, body: { monthlyQuota: 1001 }, field: "monthlyQuota" }],
  adminAirdropParticipants: [{ params: { id: "UPPER" }, field: "id" }],
  adminPartnerApplications: [{ query: { kind: "nope" }, field: "kind" }],
  adminRiskFlags: [{ query: { status: "held" }, field: "status" }],
  adminLedgerAdjustment: [
    { body: { userId: AFFILIATE_ID, amountUsdt: 0, reason: "zero", reference: "t-zero" }, field: "amountUsdt" },
    { body: { userId: AFFILIATE_ID, amountUsdt: 1.005, reason: "cents", reference: "t-cents" }, field: "amountUsdt" },
    { body: { userId: AFFILIATE_ID, amountUsdt: 1, reason: "ok reason", reference: "no spaces" }, field: "reference" },
  ],
  adminRiskRelease: [
    { params: { id: 1 }, body: { reason: "" }, field: "reason" },
    { params: { id: "x" }, body: { reason: "fine" }, field: "id" },
  ],
  adminRiskVoid: [{ params: { id: 1 }, body: {}, field: "reason" }],
};

describe(`the endpoint table: bad requests are refused naming the field (${DIALECT})`, () => {
  it("every entry that takes params or input has bad cases (the tunnel's envelope is its route's own check)", () => {
    const takesInput = ENDPOINT_NAMES.filter((name) => {
      const schemas = endpointSchemasOf(name);
      return (
        ENDPOINTS[name].format !== "sentry" &&
        (schemas.params !== undefined || (schemas.request !== undefined && ENDPOINTS[name].input !== "none"))
      );
    });
    expect(takesInput.filter((name) => !BAD[name]?.length)).toEqual([]);
  });

  const cases = ENDPOINT_NAMES.flatMap((name) =>
    (BAD[name] ?? []).map((bad, index) => ({ label: `${name} #${index + 1} (${bad.field})`, name, bad })),
  );
  it.each(cases)("$label", async ({ name, bad }) => {
    const response = await send(name, bad);
    expect(response.statusCode, response.body).toBe(400);
    const body = envelope(response);
    expect(body.code).toBe("400");
    expect(body.msg.startsWith(`${bad.field}: `), body.msg).toBe(true);
    expect(body.data).toBeNull();
  });
});
