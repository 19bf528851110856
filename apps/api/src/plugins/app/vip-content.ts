import type { VIP_GUIDE_LOCALES, VipFaqItem } from "@affiliates/contracts";

/**
 * The VIP guide's FAQ in the languages it is written in. Answers are HTML from a trusted source (this file); the web
 * app still sanitises them before rendering. Figures quoted here mirror the seeded levels and settings.
 */
export const VIP_FAQ: Readonly<Record<(typeof VIP_GUIDE_LOCALES)[number], readonly VipFaqItem[]>> = {
  en: [
    {
      id: "which-metric",
      question: "Which of my figures decides my VIP level?",
      answerHtml:
        "<p>Three figures are checked every day: your <strong>30-day spot volume</strong>, your <strong>30-day futures volume</strong> and your <strong>assets</strong>. " +
        "Each one gives a level on its own; <em>the highest of the three applies</em>.</p>",
    },
    {
      id: "when-upgrade",
      question: "When am I upgraded?",
      answerHtml: "<p>Levels are reviewed once a day at 00:00 UTC. As soon as a figure reaches the next threshold, the new level and its fees apply from that review.</p>",
    },
    {
      id: "downgrade",
      question: "What happens if my volume drops?",
      answerHtml:
        "<p>A new level is kept for at least <strong>60 days</strong>. After that, if your figures no longer meet it, you keep it for a <strong>15-day grace period</strong> " +
        "before moving to the level your figures earn.</p>",
    },
    {
      id: "platform-token",
      question: "How do I get the platform-token discount?",
      answerHtml:
        "<p>Turn on <em>Pay fees with the platform token</em> in your account settings and hold enough tokens: your spot and futures fees are then <strong>20% lower</strong> at every level.</p>",
    },
    {
      id: "airdrops",
      question: "Who can join new-coin airdrops?",
      answerHtml: "<p>Each campaign names the lowest VIP level that may join. Join while it is live; the tokens are shared among all participants when it ends.</p>",
    },
  ],
  "zh-CN": [
    {
      id: "which-metric",
      question: "哪些数据决定我的 VIP 等级？",
      answerHtml:
        "<p>我们每天核查三项数据：<strong>30 日现货交易量</strong>、<strong>30 日合约交易量</strong>和<strong>资产</strong>。每项数据各自对应一个等级，<em>以三者中最高的等级为准</em>。</p>",
    },
    {
      id: "when-upgrade",
      question: "什么时候升级？",
      answerHtml: "<p>等级每天在 UTC 00:00 评定一次。只要任一数据达到下一等级门槛，新等级及其费率将在该次评定后生效。</p>",
    },
    {
      id: "downgrade",
      question: "交易量下降会怎样？",
      answerHtml: "<p>新等级至少保留 <strong>60 天</strong>。之后若数据不再满足要求，您仍可在 <strong>15 天宽限期</strong>内保留该等级，期满后调整为数据对应的等级。</p>",
    },
    {
      id: "platform-token",
      question: "如何享受平台币抵扣折扣？",
      answerHtml: "<p>在账户设置中开启<em>使用平台币支付手续费</em>并持有足够的平台币，各等级的现货和合约手续费均可<strong>降低 20%</strong>。</p>",
    },
    {
      id: "airdrops",
      question: "谁可以参加新币空投？",
      answerHtml: "<p>每个活动都注明可参加的最低 VIP 等级。请在活动进行中报名；活动结束后，代币将在所有参与者之间分配。</p>",
    },
  ],
  ar: [
    {
      id: "which-metric",
      question: "ما الأرقام التي تحدد مستوى VIP الخاص بي؟",
      answerHtml:
        "<p>نراجع ثلاثة أرقام كل يوم: <strong>حجم التداول الفوري خلال 30 يومًا</strong> و<strong>حجم تداول العقود الآجلة خلال 30 يومًا</strong> و<strong>الأصول</strong>. " +
        "يمنح كل رقم مستوى بمفرده، <em>ويُطبَّق أعلى المستويات الثلاثة</em>.</p>",
    },
    {
      id: "when-upgrade",
      question: "متى تتم ترقيتي؟",
      answerHtml: "<p>تُراجَع المستويات مرة يوميًا في الساعة 00:00 بالتوقيت العالمي. بمجرد أن يبلغ أحد أرقامك الحد التالي، يُطبَّق المستوى الجديد ورسومه من تلك المراجعة.</p>",
    },
    {
      id: "downgrade",
      question: "ماذا يحدث إذا انخفض حجم تداولي؟",
      answerHtml:
        "<p>يُحتفَظ بالمستوى الجديد لمدة <strong>60 يومًا</strong> على الأقل. بعد ذلك، إذا لم تعد أرقامك تستوفيه، تحتفظ به خلال <strong>فترة سماح مدتها 15 يومًا</strong> قبل الانتقال إلى المستوى الذي تستحقه أرقامك.</p>",
    },
    {
      id: "platform-token",
      question: "كيف أحصل على خصم عملة المنصة؟",
      answerHtml: "<p>فعّل <em>دفع الرسوم بعملة المنصة</em> في إعدادات حسابك واحتفظ بما يكفي من العملات: تصبح رسوم التداول الفوري والعقود الآجلة <strong>أقل بنسبة 20%</strong> في كل مستوى.</p>",
    },
    {
      id: "airdrops",
      question: "من يمكنه المشاركة في الإنزالات الجوية للعملات الجديدة؟",
      answerHtml: "<p>تذكر كل حملة أدنى مستوى VIP يمكنه المشاركة. انضم أثناء سريانها؛ وتُوزَّع العملات على جميع المشاركين عند انتهائها.</p>",
    },
  ],
};
