import { getLocale, type Locale } from "@affiliates/locales";
import { DEVICE_TOKEN_SCRIPT_PATH, DEVICE_TOKEN_SDK_PATH } from "../device/token-script";
import { hasOwnMessages, messagesFor } from "./messages";

export type PageKind = "login" | "register";

export interface PageModel {
  kind: PageKind;
  locale: Locale;
  /** The URL prefix of this page ("" for none), kept in the form action and the links. */
  prefix: string;
  /** Already made safe (safeReturnPath). */
  from: string;
  source: string;
  email: string;
  mobile: string;
  error: string | undefined;
  /** Register: why the password was refused as too easy to guess (translated zxcvbn warning and suggestions). */
  passwordFeedback: string[];
  /** The token SDK's app id of this APP_ENV, read by the page script from the form's `data-app-id`. */
  appId: string;
  /** Register: the referral code in the field (from the link, the remembered cookie or typed) and its inviter's offer. */
  /** shareBps: the link's larger share (spot or futures); minShareBps the smaller, when they differ (issue 34). */
  referral: { code: string; inviterName: string | undefined; shareBps: number; minShareBps?: number } | undefined;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export const pagePath = (prefix: string, kind: PageKind): string => `${prefix ? `/${prefix}` : ""}/${kind}`;

function withQuery(path: string, from: string, source: string): string {
  const query = new URLSearchParams({ from });
  if (source) query.set("source", source);
  return `${path}?${query.toString()}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;color:#1e2329;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans SC","Noto Sans Arabic",sans-serif}
main{width:100%;max-width:400px;margin:24px 16px;padding:32px 28px;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:0 0 4px;font-size:24px}
p{margin:0 0 20px;color:#5e6673}
label{display:block;margin:16px 0 6px;font-weight:600}
label small{font-weight:400;color:#5e6673}
input{width:100%;height:40px;padding:0 12px;border:1px solid #c5cbd3;border-radius:4px;font:inherit;color:inherit;background:#fff}
input:focus{outline:2px solid #03aac7;outline-offset:1px;border-color:#03aac7}
.hint{margin:4px 0 0;font-size:12px}
.invited{margin:0 0 16px;padding:10px 12px;border-radius:4px;background:#e6f7fa;color:#024e5c;border:1px solid #7fd3e2}
button{width:100%;height:40px;margin-top:24px;border:0;border-radius:4px;background:#03aac7;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover,button:focus-visible{background:#028aa2}
.error-details{margin:0 0 8px;padding:0 12px 0 28px;color:#a5152f}
.error{margin:0 0 8px;padding:10px 12px;border-radius:4px;background:#fdecef;color:#a5152f;border:1px solid #f7647e}
nav{display:flex;justify-content:space-between;gap:12px;margin-top:20px;flex-wrap:wrap}
a{color:#027a8f}
`;

export function renderPage(model: PageModel): string {
  const t = messagesFor(model.locale);
  const entry = getLocale(model.locale);
  const own = hasOwnMessages(model.locale);
  // Other locales show English text: their lang is English (the regional English variants keep their own tag).
  const lang = own || entry.htmlLang.startsWith("en") ? entry.htmlLang : "en";
  const dir = own ? entry.dir : "ltr";
  const isLogin = model.kind === "login";
  const title = isLogin ? t.loginTitle : t.registerTitle;
  const action = pagePath(model.prefix, model.kind);
  const other = withQuery(pagePath(model.prefix, isLogin ? "register" : "login"), model.from, model.source);
  const e = escapeHtml;
  const weakPassword = !isLogin && model.passwordFeedback.length > 0;
  const details = weakPassword
    ? `\n<ul class="error-details" id="password-feedback">${model.passwordFeedback.map((sentence) => `<li>${e(sentence)}</li>`).join("")}</ul>\n`
    : "";
  const error = model.error ? `<p class="error" role="alert" id="form-error">${e(model.error)}</p>${details}` : "";
  // The field at fault carries the error: the password when it was too weak, else the email.
  const describedBy = model.error && !weakPassword ? ` aria-describedby="form-error" aria-invalid="true"` : "";
  const passwordDescribedBy = weakPassword ? "password-hint form-error password-feedback" : "password-hint";
  const passwordInvalid = weakPassword ? ' aria-invalid="true"' : "";
  const mobileField = isLogin
    ? ""
    : `<label for="mobile">${e(t.mobile)} <small>(${e(t.optional)})</small></label>
<input id="mobile" type="tel" name="mobile" autocomplete="tel" inputmode="tel" dir="ltr" maxlength="20" value="${e(model.mobile)}">`;
  const referral = model.referral;
  const percentFormat = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 });
  // A link giving spot and futures different shares promises the range ("10%–20%"), never the larger alone.
  const percent = (bps: number, minBps = bps) =>
    minBps < bps ? percentFormat.formatRange(minBps / 10_000, bps / 10_000) : percentFormat.format(bps / 10_000);
  const invited =
    !isLogin && referral?.inviterName
      ? `<p class="invited" data-testid="invited-by">${e(
          (referral.shareBps > 0
            ? t.invitedBy.replace("{share}", percent(referral.shareBps, referral.minShareBps))
            : t.invitedByNoShare
          ).replace("{name}", referral.inviterName),
        )}</p>\n`
      : "";
  const referralField = isLogin
    ? ""
    : `<label for="ref">${e(t.referralCode)} <small>(${e(t.optional)})</small></label>
<input id="ref" type="text" name="ref" autocomplete="off" dir="ltr" maxlength="16" pattern="[A-Za-z0-9]{4,16}" aria-describedby="ref-hint" value="${e(referral?.code ?? "")}">
<p class="hint" id="ref-hint">${e(t.referralCodeHint)}</p>`;
  return `<!doctype html>
<html lang="${e(lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${e(title)}</h1>
<p>${e(t.intro)}</p>
${invited}${error}<form method="post" action="${e(action)}" data-app-id="${e(model.appId)}">
<input type="hidden" name="from" value="${e(model.from)}">
<input type="hidden" name="dyToken" value="">
<input type="hidden" name="source" value="${e(model.source)}">
<label for="email">${e(t.email)}</label>
<input id="email" type="email" name="email" autocomplete="username" required maxlength="254" dir="ltr" value="${e(model.email)}"${describedBy}${isLogin || !model.email ? " autofocus" : ""}>
<label for="password">${e(t.password)}</label>
<input id="password" type="password" name="password" autocomplete="${isLogin ? "current-password" : "new-password"}" required ${isLogin ? "" : `minlength="8" aria-describedby="${passwordDescribedBy}"${passwordInvalid} `}maxlength="256" dir="ltr">
${isLogin ? "" : `<p class="hint" id="password-hint">${e(t.passwordHint)}</p>`}${mobileField}${referralField}
<button type="submit">${e(isLogin ? t.submitLogin : t.submitRegister)}</button>
</form>
<nav>
<span>${e(isLogin ? t.noAccount : t.haveAccount)} <a href="${e(other)}">${e(isLogin ? t.toRegister : t.toLogin)}</a></span>
<a href="${e(model.from)}">${e(t.back)}</a>
</nav>
</main>
<script src="${DEVICE_TOKEN_SDK_PATH}" defer></script>
<script src="${DEVICE_TOKEN_SCRIPT_PATH}" defer></script>
</body>
</html>
`;
}
