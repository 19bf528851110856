import type { Locale } from "@affiliates/locales";

export interface PageMessages {
  loginTitle: string;
  registerTitle: string;
  intro: string;
  email: string;
  password: string;
  mobile: string;
  optional: string;
  submitLogin: string;
  submitRegister: string;
  noAccount: string;
  toRegister: string;
  haveAccount: string;
  toLogin: string;
  back: string;
  invalidCredentials: string;
  throttled: string;
  emailTaken: string;
  invalidEmail: string;
  invalidPassword: string;
  invalidMobile: string;
  passwordHint: string;
  failed: string;
  securityCheckFailed: string;
}

const en: PageMessages = {
  loginTitle: "Log in",
  registerTitle: "Create an account",
  intro: "Use your exchange account to continue to the affiliate portal.",
  email: "Email",
  password: "Password",
  mobile: "Mobile number",
  optional: "optional",
  submitLogin: "Log in",
  submitRegister: "Create account",
  noAccount: "No account yet?",
  toRegister: "Register",
  haveAccount: "Already have an account?",
  toLogin: "Log in",
  back: "Back",
  invalidCredentials: "Incorrect email or password.",
  throttled: "Too many failed attempts. Please try again later.",
  emailTaken: "This email address is already registered.",
  invalidEmail: "Please enter a valid email address.",
  invalidPassword: "Please enter a password of at least 8 characters.",
  invalidMobile: "Please enter a valid mobile number, e.g. +1 4155552671.",
  passwordHint: "At least 8 characters.",
  failed: "Something went wrong. Please try again.",
  securityCheckFailed: "Security check failed. Reload the page and try again.",
};

const zhCN: PageMessages = {
  loginTitle: "登录",
  registerTitle: "创建账户",
  intro: "使用您的交易所账户登录，继续访问联盟计划页面。",
  email: "邮箱",
  password: "密码",
  mobile: "手机号",
  optional: "选填",
  submitLogin: "登录",
  submitRegister: "创建账户",
  noAccount: "还没有账户？",
  toRegister: "注册",
  haveAccount: "已有账户？",
  toLogin: "登录",
  back: "返回",
  invalidCredentials: "邮箱或密码错误。",
  throttled: "失败次数过多，请稍后再试。",
  emailTaken: "该邮箱已被注册。",
  invalidEmail: "请输入有效的邮箱地址。",
  invalidPassword: "请输入至少 8 位的密码。",
  invalidMobile: "请输入有效的手机号，例如 +86 13812345678。",
  passwordHint: "至少 8 位字符。",
  failed: "出错了，请重试。",
  securityCheckFailed: "安全验证失败，请刷新页面后重试。",
};

const zhTC: PageMessages = {
  loginTitle: "登入",
  registerTitle: "建立帳戶",
  intro: "使用您的交易所帳戶登入，繼續前往聯盟計畫頁面。",
  email: "電子郵件",
  password: "密碼",
  mobile: "手機號碼",
  optional: "選填",
  submitLogin: "登入",
  submitRegister: "建立帳戶",
  noAccount: "還沒有帳戶？",
  toRegister: "註冊",
  haveAccount: "已有帳戶？",
  toLogin: "登入",
  back: "返回",
  invalidCredentials: "電子郵件或密碼錯誤。",
  throttled: "失敗次數過多，請稍後再試。",
  emailTaken: "此電子郵件已被註冊。",
  invalidEmail: "請輸入有效的電子郵件地址。",
  invalidPassword: "請輸入至少 8 個字元的密碼。",
  invalidMobile: "請輸入有效的手機號碼，例如 +886 912345678。",
  passwordHint: "至少 8 個字元。",
  failed: "發生錯誤，請重試。",
  securityCheckFailed: "安全驗證失敗，請重新整理頁面後再試。",
};

const ar: PageMessages = {
  loginTitle: "تسجيل الدخول",
  registerTitle: "إنشاء حساب",
  intro: "استخدم حسابك في المنصة للمتابعة إلى بوابة الشركاء.",
  email: "البريد الإلكتروني",
  password: "كلمة المرور",
  mobile: "رقم الجوال",
  optional: "اختياري",
  submitLogin: "تسجيل الدخول",
  submitRegister: "إنشاء الحساب",
  noAccount: "ليس لديك حساب؟",
  toRegister: "التسجيل",
  haveAccount: "لديك حساب بالفعل؟",
  toLogin: "تسجيل الدخول",
  back: "رجوع",
  invalidCredentials: "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
  throttled: "محاولات فاشلة كثيرة. يرجى المحاولة لاحقًا.",
  emailTaken: "هذا البريد الإلكتروني مسجل بالفعل.",
  invalidEmail: "يرجى إدخال بريد إلكتروني صالح.",
  invalidPassword: "يرجى إدخال كلمة مرور من 8 أحرف على الأقل.",
  invalidMobile: "يرجى إدخال رقم جوال صالح، مثل ‎+971 501234567.",
  passwordHint: "8 أحرف على الأقل.",
  failed: "حدث خطأ ما. يرجى المحاولة مرة أخرى.",
  securityCheckFailed: "فشل التحقق الأمني. أعد تحميل الصفحة وحاول مرة أخرى.",
};

/** English, Simplified and Traditional Chinese and Arabic; every other locale falls back to English. */
const TABLE: Partial<Record<Locale, PageMessages>> = { en, "zh-CN": zhCN, "zh-TC": zhTC, ar };

export const messagesFor = (locale: Locale): PageMessages => TABLE[locale] ?? en;
/** The locale whose text is actually shown (for `lang`): the locale itself or English. */
export const hasOwnMessages = (locale: Locale): boolean => TABLE[locale] !== undefined;
