import type { Insertable } from "kysely";
import type {
  PartnerBrokerTiersTable,
  PartnerDb,
  PartnerCohortProjectsTable,
  PartnerFaqTable,
  PartnerFeaturesTable,
  PartnerMakerTiersTable,
  PartnerProgrammeName,
  PartnerTables,
} from "../plugins/app/partners-repository";
import type { Db } from "./schema";

/**
 * The partner programmes' published terms (issue 10), seeded into empty tables. Figures follow the public programmes
 * of leading exchanges (shared/reference-data.md): broker tiers after Bybit's and OKX's API-broker programmes with
 * Bitget's "up to 60%" at the top, market-maker tiers after Bitget's spot programme (−0.015 / −0.010 / −0.005% maker,
 * 100 / 70 / 50 requests per second, maker ratio ≥ 75%). They are our demo terms, kept here and in the database,
 * never in the web app's components.
 */

const M = 1_000_000;

export const BROKER_TIERS: readonly Insertable<PartnerBrokerTiersTable>[] = [
  { tier: 1, name: "L1", spot_volume_usdt: 2 * M, futures_volume_usdt: 10 * M, active_traders: 5, own_rate_bps: 3000, affiliated_rate_bps: 300 },
  { tier: 2, name: "L2", spot_volume_usdt: 5 * M, futures_volume_usdt: 100 * M, active_traders: 10, own_rate_bps: 4000, affiliated_rate_bps: 500 },
  { tier: 3, name: "L3", spot_volume_usdt: 10 * M, futures_volume_usdt: 500 * M, active_traders: 20, own_rate_bps: 5000, affiliated_rate_bps: 1000 },
  { tier: 4, name: "L4", spot_volume_usdt: 50 * M, futures_volume_usdt: 1000 * M, active_traders: 50, own_rate_bps: 6000, affiliated_rate_bps: 1250 },
];

export const MAKER_TIERS: readonly Insertable<PartnerMakerTiersTable>[] = [
  { tier: 1, name: "T1", monthly_volume_usdt: 10 * M, maker_fee_ppm: -150, taker_fee_ppm: 400, api_rps: 100, min_maker_ratio_bps: 7500 },
  { tier: 2, name: "T2", monthly_volume_usdt: 5 * M, maker_fee_ppm: -100, taker_fee_ppm: 450, api_rps: 70, min_maker_ratio_bps: 7500 },
  { tier: 3, name: "T3", monthly_volume_usdt: 2 * M, maker_fee_ppm: -50, taker_fee_ppm: 500, api_rps: 50, min_maker_ratio_bps: 7500 },
];

type FeatureSeed = readonly [key: string, value: number | null];

const FEATURES: Readonly<Record<PartnerProgrammeName, Readonly<Record<string, readonly FeatureSeed[]>>>> = {
  broker: {
    // maxMarkupBps: basis points of the traded amount a broker may add on top of the exchange's fee (10 = 0.10%).
    setting: [["maxMarkupBps", 10]],
    benefit: [
      ["commission", 60],
      ["markup", 10],
      ["subAccounts", 1000],
      ["apiRateLimit", 300],
      ["oauth", null],
      ["dailySettlement", null],
      ["dedicatedManager", null],
      ["coMarketing", null],
    ],
  },
  "market-maker": {
    setting: [["reviewDays", 30]],
    benefit: [
      ["rebates", null],
      ["apiLimits", 100],
      ["colocation", null],
      ["subAccounts", 200],
      ["newListings", null],
      ["support", null],
    ],
  },
  institutional: {
    service: [
      ["subAccounts", 200],
      ["otc", 100_000],
      ["custody", 95],
      ["api", 300],
      ["support", null],
      ["reporting", null],
    ],
  },
  "institutional-pro": {
    setting: [
      ["minMonthlyVolumeUsdt", 50 * M],
      ["minAssetsUsdt", 5 * M],
    ],
    offer: [
      ["vipLevel", 5],
      ["otcDesk", 1 * M],
      ["apiLimit", 1000],
      ["creditLine", null],
      ["dedicatedTeam", null],
      ["customReports", null],
    ],
  },
  incubation: {
    offer: [
      ["funding", 500_000],
      ["listing", null],
      ["marketing", 20],
      ["mentors", 40],
      ["security", null],
      ["liquidity", null],
    ],
    // value: weeks
    stage: [
      ["application", 2],
      ["diligence", 3],
      ["incubation", 12],
      ["demoDay", 1],
      ["launch", 4],
    ],
  },
};

export const PARTNER_FEATURES: readonly Insertable<PartnerFeaturesTable>[] = Object.entries(FEATURES).flatMap(([programme, sections]) =>
  Object.entries(sections).flatMap(([section, list]) => list.map(([key, value], sort) => ({ programme, section, key, sort, value }))),
);

export const COHORT_PROJECTS: readonly Insertable<PartnerCohortProjectsTable>[] = [
  { id: 1, cohort: "2026 S1", name: "Lumen Ledger", sector: "rwa", raised_usdt: 4_200_000, listed_on: null, website: "https://lumenledger.example" },
  { id: 2, cohort: "2026 S1", name: "Quillpay", sector: "payments", raised_usdt: 2_750_000, listed_on: null, website: "https://quillpay.example" },
  { id: 3, cohort: "2026 S1", name: "Synapse Grid", sector: "ai", raised_usdt: 6_100_000, listed_on: null, website: "https://synapsegrid.example" },
  { id: 4, cohort: "2025 S2", name: "Harbor Swap", sector: "defi", raised_usdt: 3_400_000, listed_on: "2025-12-09", website: "https://harborswap.example" },
  { id: 5, cohort: "2025 S2", name: "Pixel Forge", sector: "gaming", raised_usdt: 1_800_000, listed_on: "2026-01-20", website: "https://pixelforge.example" },
  { id: 6, cohort: "2025 S2", name: "Relaymesh", sector: "infrastructure", raised_usdt: 5_300_000, listed_on: "2025-11-18", website: "https://relaymesh.example" },
  { id: 7, cohort: "2025 S1", name: "Atlas Oracle", sector: "infrastructure", raised_usdt: 8_000_000, listed_on: "2025-06-24", website: "https://atlasoracle.example" },
  { id: 8, cohort: "2025 S1", name: "Verdant Yield", sector: "defi", raised_usdt: 2_100_000, listed_on: "2025-07-15", website: "https://verdantyield.example" },
];

type FaqSeed = { id: string; locale: string; question: string; answerHtml: string };

/** Each programme's FAQ in English, Simplified Chinese and Arabic (HTML: the web app sanitises it before showing it). */
const FAQ: Readonly<Record<"broker" | "market-maker" | "institutional" | "incubation", readonly FaqSeed[]>> = {
  broker: [
    {
      id: "who",
      locale: "en",
      question: "Who can become a broker?",
      answerHtml:
        "<p>Wallets, trading apps, bots and portfolio tools that route their users' orders through our <strong>API</strong> or <strong>OAuth</strong>. You need a live product and at least <em>5 active traders</em> a month.</p>",
    },
    {
      id: "markup",
      locale: "en",
      question: "How does the markup work?",
      answerHtml:
        "<p>You may add up to <strong>0.10%</strong> on top of our fee on each order your users place. The markup is yours in full and is settled daily with your commission.</p><ul><li>Set it per sub-account or per API key.</li><li>Change it at any time; it applies to new orders.</li></ul>",
    },
    { id: "who", locale: "zh-CN", question: "谁可以成为经纪商？", answerHtml: "<p>通过我们的 <strong>API</strong> 或 <strong>OAuth</strong> 为用户下单的钱包、交易应用、机器人和资产管理工具。您需要有已上线的产品，且每月至少有 <em>5 位活跃交易者</em>。</p>" },
    {
      id: "markup",
      locale: "zh-CN",
      question: "加价如何运作？",
      answerHtml: "<p>您可以在每笔用户订单的平台手续费之上最多加收 <strong>0.10%</strong>。加价收入全部归您，并与返佣一起每日结算。</p><ul><li>可按子账户或 API 密钥分别设置。</li><li>可随时修改，新订单即时生效。</li></ul>",
    },
    { id: "who", locale: "ar", question: "من يمكنه أن يصبح وسيطًا؟", answerHtml: "<p>المحافظ وتطبيقات التداول والروبوتات وأدوات إدارة المحافظ التي توجّه أوامر مستخدميها عبر <strong>واجهة API</strong> أو <strong>OAuth</strong>. تحتاج إلى منتج قائم و<em>5 متداولين نشطين</em> على الأقل شهريًا.</p>" },
    {
      id: "markup",
      locale: "ar",
      question: "كيف تعمل الزيادة على الرسوم؟",
      answerHtml: "<p>يمكنك إضافة ما يصل إلى <strong>0.10%</strong> فوق رسومنا على كل أمر يضعه مستخدموك. الزيادة لك بالكامل وتُسوّى يوميًا مع عمولتك.</p><ul><li>حدّدها لكل حساب فرعي أو لكل مفتاح API.</li><li>غيّرها في أي وقت؛ وتسري على الأوامر الجديدة.</li></ul>",
    },
  ],
  "market-maker": [
    {
      id: "ratio",
      locale: "en",
      question: "What is the maker ratio?",
      answerHtml: "<p>The share of your volume that comes from orders resting on the book. It must stay at or above <strong>75%</strong> over the 30-day review; below it, rebates pause until the next review.</p>",
    },
    {
      id: "rebate-paid",
      locale: "en",
      question: "When are rebates paid?",
      answerHtml: "<p>Rebates are credited to your spot account <strong>every day</strong> at 00:00 UTC, in the quote currency of each market.</p>",
    },
    { id: "ratio", locale: "zh-CN", question: "什么是挂单比例？", answerHtml: "<p>您的成交量中来自挂单的占比。在 30 天考核期内须保持在 <strong>75%</strong> 及以上；低于该比例时，返还将暂停至下一考核期。</p>" },
    { id: "rebate-paid", locale: "zh-CN", question: "返还何时发放？", answerHtml: "<p>返还于 UTC 00:00 <strong>每日</strong>以各交易对的计价币种发放至您的现货账户。</p>" },
    { id: "ratio", locale: "ar", question: "ما نسبة صانع السوق؟", answerHtml: "<p>حصة حجم تداولك الناتجة عن أوامر تبقى في دفتر الأوامر. يجب أن تبقى عند <strong>75%</strong> أو أكثر خلال مراجعة الثلاثين يومًا؛ وإن قلّت تتوقف الخصومات حتى المراجعة التالية.</p>" },
    { id: "rebate-paid", locale: "ar", question: "متى تُدفع الخصومات؟", answerHtml: "<p>تُضاف الخصومات إلى حسابك الفوري <strong>يوميًا</strong> عند 00:00 بتوقيت UTC، بعملة التسعير لكل سوق.</p>" },
  ],
  institutional: [
    {
      id: "onboarding",
      locale: "en",
      question: "How long does institutional onboarding take?",
      answerHtml: "<p>Most institutions are live within <strong>3 business days</strong> of sending their corporate documents. Your account manager guides you through <em>KYB</em>, sub-accounts and API keys.</p>",
    },
    {
      id: "pro",
      locale: "en",
      question: "Who qualifies for Pro?",
      answerHtml: "<p>Institutions trading at least <strong>50M USDT</strong> a month or holding <strong>5M USDT</strong> in assets. Pro accounts start at VIP5 and get a dedicated team.</p>",
    },
    { id: "onboarding", locale: "zh-CN", question: "机构开户需要多长时间？", answerHtml: "<p>大多数机构在提交公司文件后 <strong>3 个工作日</strong>内即可开通。您的客户经理将协助完成 <em>KYB</em>、子账户和 API 密钥设置。</p>" },
    { id: "pro", locale: "zh-CN", question: "谁可以申请 Pro？", answerHtml: "<p>月交易量不低于 <strong>5000 万 USDT</strong> 或资产不低于 <strong>500 万 USDT</strong> 的机构。Pro 账户起始为 VIP5，并配备专属团队。</p>" },
    { id: "onboarding", locale: "ar", question: "كم يستغرق تسجيل المؤسسات؟", answerHtml: "<p>تبدأ معظم المؤسسات العمل خلال <strong>3 أيام عمل</strong> من إرسال مستنداتها. يرشدك مدير حسابك خلال <em>التحقق من الأعمال</em> والحسابات الفرعية ومفاتيح API.</p>" },
    { id: "pro", locale: "ar", question: "من يتأهل لخدمة Pro؟", answerHtml: "<p>المؤسسات التي يبلغ تداولها الشهري <strong>50 مليون USDT</strong> على الأقل أو تحتفظ بأصول قدرها <strong>5 ملايين USDT</strong>. تبدأ حسابات Pro من VIP5 مع فريق مخصص.</p>" },
  ],
  incubation: [
    {
      id: "equity",
      locale: "en",
      question: "Do you take equity or tokens?",
      answerHtml: "<p>Our fund invests up to <strong>500,000 USDT</strong> per project for a token allocation agreed at the term sheet. Joining the programme without investment is also possible.</p>",
    },
    {
      id: "listing",
      locale: "en",
      question: "Does incubation guarantee a listing?",
      answerHtml: "<p>No. Graduates get a <em>fast-track listing review</em>; the listing committee decides on the same criteria as for any project.</p>",
    },
    { id: "equity", locale: "zh-CN", question: "你们获取股权还是代币？", answerHtml: "<p>我们的基金每个项目最多投资 <strong>500,000 USDT</strong>，按条款清单约定的代币份额获取回报。也可以不接受投资加入孵化计划。</p>" },
    { id: "listing", locale: "zh-CN", question: "孵化是否保证上币？", answerHtml: "<p>不保证。毕业项目可获得<em>快速上币审核</em>；上币委员会按与其他项目相同的标准决定。</p>" },
    { id: "equity", locale: "ar", question: "هل تأخذون حصصًا أم رموزًا؟", answerHtml: "<p>يستثمر صندوقنا ما يصل إلى <strong>500,000 USDT</strong> في كل مشروع مقابل حصة من الرموز يُتفق عليها في ورقة الشروط. ويمكن الانضمام إلى البرنامج دون استثمار أيضًا.</p>" },
    { id: "listing", locale: "ar", question: "هل تضمن الحاضنة الإدراج؟", answerHtml: "<p>لا. يحصل الخريجون على <em>مراجعة إدراج سريعة</em>؛ وتقرر لجنة الإدراج بالمعايير نفسها المطبقة على أي مشروع.</p>" },
  ],
};

export const PARTNER_FAQ: readonly Insertable<PartnerFaqTable>[] = Object.entries(FAQ).flatMap(([programme, items]) => {
  const order = [...new Set(items.map((i) => i.id))];
  return items.map((item) => ({ programme, id: item.id, locale: item.locale, sort: order.indexOf(item.id), question: item.question, answer_html: item.answerHtml }));
});

async function isEmpty(db: Pick<PartnerDb, "selectFrom">, table: keyof PartnerTables): Promise<boolean> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Seeds each partner table that is empty (tiers, features, cohorts, FAQ) in one transaction; applications are never
 * seeded. Returns whether anything was seeded.
 */
export async function seedPartnersIfEmpty(database: Db): Promise<boolean> {
  const db = database.withTables<PartnerTables>();
  let seeded = false;
  await db.transaction().execute(async (trx) => {
    if (await isEmpty(trx, "partner_broker_tiers")) {
      await trx.insertInto("partner_broker_tiers").values([...BROKER_TIERS]).execute();
      seeded = true;
    }
    if (await isEmpty(trx, "partner_maker_tiers")) {
      await trx.insertInto("partner_maker_tiers").values([...MAKER_TIERS]).execute();
      seeded = true;
    }
    if (await isEmpty(trx, "partner_features")) {
      await trx.insertInto("partner_features").values([...PARTNER_FEATURES]).execute();
      seeded = true;
    }
    if (await isEmpty(trx, "partner_cohort_projects")) {
      await trx.insertInto("partner_cohort_projects").values([...COHORT_PROJECTS]).execute();
      seeded = true;
    }
    if (await isEmpty(trx, "partner_faq")) {
      await trx.insertInto("partner_faq").values([...PARTNER_FAQ]).execute();
      seeded = true;
    }
  });
  return seeded;
}
