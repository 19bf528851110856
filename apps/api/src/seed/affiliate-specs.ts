/**
 * Who the affiliate demo data is about: the commission levels Lv1–Lv3 (reference data: Bitget), the demo users beyond
 * the accounts of seed.ts, and per affiliate its links, invitee count, trading habits, cards and application.
 * seed-affiliate.ts generates the rows from these.
 */

export interface AffiliateLevelSeed {
  level: number;
  name: string;
  monthlyNewTraders: number;
  monthlyVolumeUsdt: number;
  spotRateBps: number;
  futuresRateBps: number;
}

/** Bitget's affiliate levels from the reference data. */
export const AFFILIATE_LEVELS: readonly AffiliateLevelSeed[] = [
  { level: 1, name: "Lv1", monthlyNewTraders: 5, monthlyVolumeUsdt: 100_000, spotRateBps: 4000, futuresRateBps: 4000 },
  {
    level: 2,
    name: "Lv2",
    monthlyNewTraders: 10,
    monthlyVolumeUsdt: 10_000_000,
    spotRateBps: 4500,
    futuresRateBps: 4500,
  },
  {
    level: 3,
    name: "Lv3",
    monthlyNewTraders: 15,
    monthlyVolumeUsdt: 20_000_000,
    spotRateBps: 5000,
    futuresRateBps: 5000,
  },
];

export const DEMO_AFFILIATE_USER_ID = "8012345678";

export interface AffiliateDemoUser {
  email: string;
  password: string;
  userId: string;
  userName: string;
}

/** Extra demo users: the second affiliate and the three sub-affiliates of affiliate@example.com. */
export const AFFILIATE_DEMO_USERS: readonly AffiliateDemoUser[] = [
  { email: "partner@example.com", password: "Partner#2026", userId: "8012345680", userName: "Paolo Partner" },
  { email: "sub.nova@example.com", password: "SubAffiliate#2026", userId: "8012345681", userName: "Nova Sub" },
  { email: "sub.kai@example.com", password: "SubAffiliate#2026", userId: "8012345682", userName: "Kai Sub" },
  { email: "sub.lena@example.com", password: "SubAffiliate#2026", userId: "8012345683", userName: "Lena Sub" },
];

interface LinkSpec {
  code: string;
  label: string;
  channel: string | null;
  spotShareBps: number;
  futuresShareBps: number;
  createdDaysAgo: number;
  weight: number;
}

interface AffiliateSpec {
  userId: string;
  seed: number;
  level: number;
  rateBps: number;
  parentUserId: string | null;
  note: string;
  joinedDaysAgo: number;
  inviteeCount: number;
  /** Mean number of trading days of a trading invitee. */
  tradeDaysMean: number;
  links: LinkSpec[];
  cards: number;
  application: {
    name: string;
    email: string;
    region: string;
    channels: { type: string; url: string; audience: number }[];
  } | null;
}

export const AFFILIATE_SPECS: readonly AffiliateSpec[] = [
  {
    userId: DEMO_AFFILIATE_USER_ID,
    seed: 20260109,
    level: 2,
    rateBps: 4500,
    parentUserId: null,
    note: "",
    joinedDaysAgo: 420,
    inviteeCount: 3000,
    tradeDaysMean: 15,
    links: [
      {
        code: "AURORA",
        label: "YouTube channel",
        channel: "youtube",
        spotShareBps: 0,
        futuresShareBps: 0,
        createdDaysAgo: 410,
        weight: 5,
      },
      {
        code: "aurora10",
        label: "Telegram group",
        channel: "telegram",
        spotShareBps: 1000,
        futuresShareBps: 1000,
        createdDaysAgo: 380,
        weight: 3,
      },
      {
        code: "AuroraX",
        label: "X posts",
        channel: "x",
        spotShareBps: 500,
        futuresShareBps: 0,
        createdDaysAgo: 240,
        weight: 2,
      },
      {
        code: "auroraVIP",
        label: "Website banner",
        channel: "website",
        spotShareBps: 2000,
        futuresShareBps: 2000,
        createdDaysAgo: 120,
        weight: 1,
      },
    ],
    cards: 20,
    application: {
      name: "Aurora Affiliate",
      email: "affiliate@example.com",
      region: "Europe",
      channels: [
        { type: "youtube", url: "https://www.youtube.com/@aurora-crypto", audience: 182_000 },
        { type: "telegram", url: "https://t.me/aurora_signals", audience: 24_500 },
      ],
    },
  },
  {
    userId: "8012345680",
    seed: 20260110,
    level: 1,
    rateBps: 4000,
    parentUserId: null,
    note: "",
    joinedDaysAgo: 300,
    inviteeCount: 250,
    tradeDaysMean: 10,
    links: [
      {
        code: "PARTNER",
        label: "Podcast",
        channel: "other",
        spotShareBps: 0,
        futuresShareBps: 0,
        createdDaysAgo: 290,
        weight: 2,
      },
      {
        code: "partner5",
        label: "Discord",
        channel: "discord",
        spotShareBps: 500,
        futuresShareBps: 500,
        createdDaysAgo: 150,
        weight: 1,
      },
    ],
    cards: 5,
    application: {
      name: "Paolo Partner",
      email: "partner@example.com",
      region: "Latin America",
      channels: [{ type: "discord", url: "https://discord.gg/partner-traders", audience: 8_200 }],
    },
  },
  ...[
    {
      userId: "8012345681",
      seed: 31,
      rateBps: 3500,
      note: "Runs a futures Telegram group; strong in LATAM",
      code: "NOVA",
      channel: "telegram",
      invitees: 60,
    },
    {
      userId: "8012345682",
      seed: 32,
      rateBps: 3000,
      note: "TikTok shorts; check compliance of captions",
      code: "KAIKAI",
      channel: "tiktok",
      invitees: 45,
    },
    { userId: "8012345683", seed: 33, rateBps: 2500, note: "", code: "LENA", channel: "website", invitees: 30 },
  ].map((s): AffiliateSpec => ({
    userId: s.userId,
    seed: s.seed,
    level: 1,
    rateBps: s.rateBps,
    parentUserId: DEMO_AFFILIATE_USER_ID,
    note: s.note,
    joinedDaysAgo: 200,
    inviteeCount: s.invitees,
    tradeDaysMean: 8,
    links: [
      {
        code: s.code,
        label: "Main link",
        channel: s.channel,
        spotShareBps: 0,
        futuresShareBps: 0,
        createdDaysAgo: 195,
        weight: 1,
      },
    ],
    cards: 0,
    application: null,
  })),
];
