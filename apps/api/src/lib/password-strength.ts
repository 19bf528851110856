import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ApiError, type PasswordFeedback } from "./errors";

export type { PasswordFeedback };

/** zxcvbn's scale is 0–4; 3 is "safely unguessable" (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

export interface PasswordStrength extends PasswordFeedback {
  score: number;
}

/** A register password refused for being guessable (weak_password), with zxcvbn's feedback keys for the form page. */
export function weakPassword(feedback: PasswordFeedback): ApiError {
  const parts = [
    feedback.warning ? `warning: ${feedback.warning}` : "",
    feedback.suggestions.length ? `suggestions: ${feedback.suggestions.join(", ")}` : "",
  ];
  const detail = parts.filter(Boolean).join("; ");
  return new ApiError("weak_password", `password: too easy to guess${detail ? ` (${detail})` : ""}`, { feedback });
}

// The dictionaries are megabytes of word lists: loaded on the first check, once, not at start-up.
let checker: Promise<ZxcvbnFactory> | undefined;
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    // No `translations`: feedback stays as keys, translated by whoever shows it (the pages, per locale). The check is
    // synchronous: Levenshtein matching (100–700 ms a password) would stall the event loop, and 128 characters are
    // strong enough unchecked.
    return new Factory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: 128,
    });
  })();
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/** The user's own data a password must not lean on: the email and the name derived from it (its local part). */
export function passwordUserInputs(email: string): string[] {
  const normalised = email.trim().toLowerCase();
  const local = normalised.split("@")[0] ?? normalised;
  return local === normalised ? [normalised] : [normalised, local];
}

export async function passwordStrength(password: string, userInputs: readonly string[]): Promise<PasswordStrength> {
  const zxcvbn = await loadChecker();
  const result = zxcvbn.check(password, [...userInputs]);
  return {
    score: result.score,
    warning: result.feedback.warning ?? undefined,
    suggestions: [...result.feedback.suggestions],
  };
}

/** Throws ApiError weak_password (400) when zxcvbn scores the password below MIN_PASSWORD_SCORE for this email. */
export async function assertStrongPassword(password: string, email: string): Promise<void> {
  const strength = await passwordStrength(password, passwordUserInputs(email));
  if (strength.score < MIN_PASSWORD_SCORE)
    throw weakPassword({ warning: strength.warning, suggestions: strength.suggestions });
}
