/** `+1 4155552671` → `+1 415****2671`; `13812345678` → `138****5678`. Empty when there is no number. */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return "";
  const match = /^(\+\d{1,4})?[\s-]*([\d\s-]+)$/.exec(mobile.trim());
  if (!match) return "****";
  const country = match[1];
  const digits = (match[2] ?? "").replace(/\D/g, "");
  const masked =
    digits.length >= 8
      ? `${digits.slice(0, 3)}****${digits.slice(-4)}`
      : `${digits.slice(0, 1)}****${digits.slice(-2)}`;
  return country ? `${country} ${masked}` : masked;
}

/** `affiliate@example.com` → `af****@example.com`. Empty when there is no address. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return "";
  const at = email.lastIndexOf("@");
  if (at < 1) return "****";
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}****${email.slice(at)}`;
}

/** `Aurora Affiliate` → `Au***`: enough for an invitee to recognise an inviter they know, no more. */
export function maskName(name: string | null | undefined): string {
  const letters = [...(name ?? "").trim()];
  if (letters.length === 0) return "***";
  return `${letters.slice(0, letters.length > 2 ? 2 : 1).join("")}***`;
}

/** `7012345612` → `70****12`: the invitee id every affiliate view shows (table, search, records, cards, CSV). */
export const maskUserId = (userId: string): string => `${userId.slice(0, 2)}****${userId.slice(-2)}`;
