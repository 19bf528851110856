import type { AffiliateFaqItem } from "@affiliates/contracts";

/** Message keys of the programme's benefits (the web app's catalogues hold the texts). */
export const AFFILIATE_BENEFITS = [
  "highCommission",
  "dailySettlement",
  "subAffiliates",
  "inviteeShare",
  "realTimeReports",
  "experienceCards",
  "dedicatedManager",
] as const;

/**
 * The landing page's FAQ. Answers are HTML from a trusted source (this file); the web app still sanitises them
 * before rendering. Figures quoted here mirror the seeded levels and settings.
 */
export const AFFILIATE_FAQ: readonly AffiliateFaqItem[] = [
  {
    id: "who-can-apply",
    question: "Who can become an affiliate?",
    answerHtml:
      "<p>Anyone with an audience interested in crypto: content creators, community owners, traders and media sites. We look for:</p>" +
      "<ul><li>an active channel (<em>YouTube, X, Telegram, TikTok, Discord</em> or a website);</li>" +
      "<li>about <strong>5,000 followers</strong> or a community of <strong>500 members</strong>;</li>" +
      "<li>content that follows our <a href=\"/terms\">terms</a> and local rules.</li></ul>",
  },
  {
    id: "how-long-review",
    question: "How long does the review take?",
    answerHtml: "<p>We answer most applications within <strong>48 hours</strong>. You can follow the status of yours on the programme page.</p>",
  },
  {
    id: "how-much-earn",
    question: "How much commission can I earn?",
    answerHtml:
      "<p>You earn a share of the trading fees your invitees pay, on spot and futures:</p>" +
      "<ol><li><strong>Lv1</strong>: 40%</li><li><strong>Lv2</strong>: 45%</li><li><strong>Lv3</strong>: 50%</li></ol>" +
      "<p>Levels are reviewed on the <em>1st of every month</em> from the new traders and volume you brought in the month before.</p>",
  },
  {
    id: "when-paid",
    question: "When is commission paid?",
    answerHtml:
      "<p>Commission is calculated daily and stays <em>pending</em> for 7 days, then it is <em>settled</em> to your account. " +
      "Trades that earn nothing (self-trades, invitees who opted out, amounts below the minimum) are listed with the reason.</p>",
  },
  {
    id: "invitee-share",
    question: "Can I share my commission with my invitees?",
    answerHtml:
      "<p>Yes. Each referral link can give back <strong>0%, 5%, 10% or 20%</strong> of the fee, spot and futures apart, " +
      "out of your own rate. A link with a share is a strong offer for your community.</p>",
  },
  {
    id: "sub-affiliates",
    question: "What are sub-affiliates?",
    answerHtml:
      "<p>You can invite other creators as your sub-affiliates and set their rate <strong>below your own</strong>. " +
      "You see their invitees, volume and commission, and can keep notes on each.</p>",
  },
  {
    id: "experience-cards",
    question: "What are experience cards?",
    answerHtml:
      "<p>Trial funds for your invitees: issue a card of 10, 20, 50 or 100 USDT to a link or an invitee. " +
      "Cards are valid for 30 days; your monthly quota is shown on the <a href=\"/affiliates/experience-card\">experience-card page</a>.</p>",
  },
  {
    id: "reports",
    question: "Can I export my reports?",
    answerHtml: "<p>Yes: export your commission records as <abbr title=\"comma-separated values\">CSV</abbr> for any range from one day to one year.</p>",
  },
];
