import { Worker } from "node:worker_threads";
import { ApiError, type PasswordFeedback } from "../../platform/http/errors";

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

/**
 * How much of a password the strength checker reads (zxcvbn's own advice: check a bounded prefix). zxcvbn's time grows
 * faster than the length (a 128-character sequence took 1.4 s); a password longer than this is judged by its first
 * PASSWORD_CHECK_MAX_LENGTH characters.
 */
export const PASSWORD_CHECK_MAX_LENGTH = 64;

interface WorkerAnswer {
  id: number;
  score?: number;
  warning?: string;
  suggestions?: string[];
  error?: string;
}

interface Pending {
  resolve(strength: PasswordStrength): void;
  reject(error: Error): void;
}

// One worker thread, started on the first check (its dictionaries are megabytes of word lists) and kept: the check
// still takes up to about 0.5 s on a hostile 64-character password, and here it never holds up other requests.
let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  worker = undefined;
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function checkerThread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./password-strength-worker.mjs", import.meta.url), {
    workerData: { maxLength: PASSWORD_CHECK_MAX_LENGTH },
  });
  started.on("message", (answer: WorkerAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if (answer.error !== undefined || answer.score === undefined)
      waiting.reject(new Error(`password strength check failed: ${answer.error ?? "no score"}`));
    else waiting.resolve({ score: answer.score, warning: answer.warning, suggestions: answer.suggestions ?? [] });
  });
  started.on("error", (error) => failAll(error));
  started.on("exit", (code) => {
    if (worker === started) failAll(new Error(`password strength checker stopped (exit code ${code})`));
  });
  started.unref();
  worker = started;
  return started;
}

/** The user's own data a password must not lean on: the email and the name derived from it (its local part). */
export function passwordUserInputs(email: string): string[] {
  const normalised = email.trim().toLowerCase();
  const local = normalised.split("@")[0] ?? normalised;
  return local === normalised ? [normalised] : [normalised, local];
}

/** zxcvbn's score and feedback keys for the first PASSWORD_CHECK_MAX_LENGTH characters of `password`. */
export function passwordStrength(password: string, userInputs: readonly string[]): Promise<PasswordStrength> {
  // Code points, so a surrogate pair is never cut in half; the worker's maxLength bounds it again.
  const bounded = Array.from(password).slice(0, PASSWORD_CHECK_MAX_LENGTH).join("");
  const thread = checkerThread();
  const id = nextId++;
  return new Promise<PasswordStrength>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    if (pending.size === 1) thread.ref();
    thread.postMessage({ id, password: bounded, userInputs: [...userInputs] });
  });
}

/** Throws ApiError weak_password (400) when zxcvbn scores the password below MIN_PASSWORD_SCORE for this email. */
export async function assertStrongPassword(password: string, email: string): Promise<void> {
  const strength = await passwordStrength(password, passwordUserInputs(email));
  if (strength.score < MIN_PASSWORD_SCORE)
    throw weakPassword({ warning: strength.warning, suggestions: strength.suggestions });
}
