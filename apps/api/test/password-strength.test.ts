import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../src/platform/http/errors";
import {
  assertStrongPassword,
  MIN_PASSWORD_SCORE,
  passwordStrength,
  passwordUserInputs,
} from "../src/domains/auth/password-strength";
import { messagesFor, passwordFeedbackSentences, withEnglishFallback } from "../src/domains/pages/messages";
import { escapeHtml } from "../src/domains/pages/render";
import { createTestApp, deviceToken, envelope, type TestApp } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

const EMAIL = "new.trader@example.org";
const WEAK = ["12345678", "password", "        ", EMAIL, "new.trader"];

describe("the password rule (zxcvbn-ts, score ≥ 3, the email and its name as user inputs)", () => {
  it("takes the email and its local part (the account's userName) as the user's own words", () => {
    expect(passwordUserInputs(" New.Trader@Example.org ")).toEqual(["new.trader@example.org", "new.trader"]);
  });

  it.each(WEAK)("scores %j below 3", async (password) => {
    expect((await passwordStrength(password, passwordUserInputs(EMAIL))).score).toBeLessThan(MIN_PASSWORD_SCORE);
    await expect(assertStrongPassword(password, EMAIL)).rejects.toMatchObject({ kind: "weak_password" });
  });

  it("names zxcvbn's warning and suggestion keys in the error", async () => {
    const error = await assertStrongPassword("password", EMAIL).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const weak = error as ApiError;
    expect(weak.kind).toBe("weak_password");
    expect(weak.feedback).toEqual({ warning: "topTen", suggestions: ["anotherWord"] });
    expect(weak.status).toBe(400);
    expect(weak.message).toBe("password: too easy to guess (warning: topTen; suggestions: anotherWord)");
    const own = (await assertStrongPassword(EMAIL, EMAIL).catch((caught: unknown) => caught)) as ApiError;
    expect(own.feedback?.warning).toBe("userInputs");
  });

  it("accepts a long passphrase", async () => {
    await expect(assertStrongPassword("maple quartz river", EMAIL)).resolves.toBeUndefined();
  });
});

describe("the feedback sentences", () => {
  it("are the locale's, and English for a key its file lacks", () => {
    const partial = withEnglishFallback({
      ...messagesFor("de"),
      passwordWarnings: { topTen: "Ein Top-10-Passwort." },
      passwordSuggestions: {},
    });
    expect(passwordFeedbackSentences(partial, { warning: "topTen", suggestions: ["anotherWord"] })).toEqual([
      "Ein Top-10-Passwort.",
      messagesFor("en").passwordSuggestions.anotherWord,
    ]);
  });

  it("leave out keys nobody has a sentence for", () => {
    expect(
      passwordFeedbackSentences(messagesFor("en"), { warning: "pwned", suggestions: ["noSuchKey", "repeated"] }),
    ).toEqual([messagesFor("en").passwordSuggestions.repeated]);
  });
});

describe("registering with a weak password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(WEAK)(
    `${routeTitle("register")} refuses %j with 400 naming the zxcvbn keys, and creates nobody`,
    async (password) => {
      const response = await t.app.inject({
        method: "POST",
        url: apiUrl("register"),
        headers: { "dy-token": await deviceToken(t.app) },
        payload: { email: EMAIL, password },
      });
      expect(response.statusCode).toBe(400);
      const body = envelope(response);
      expect(body.code).toBe("400");
      expect(body.msg).toMatch(/^password: too easy to guess \((warning: \w+; )?suggestions: \w+(, \w+)*\)$/);
      expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
      expect(await t.app.users.findByEmail(EMAIL)).toBeUndefined();
    },
  );

  const postRegister = async (url: string, password: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        dyToken: await deviceToken(t.app),
        email: "form.weak@example.net",
        password,
      }).toString(),
    });

  it("the register page says why in English: the warning and the suggestions, tied to the password field", async () => {
    const response = await postRegister("/register", "password");
    expect(response.statusCode).toBe(400);
    const en = messagesFor("en");
    expect(response.body).toContain(`<p class="error" role="alert" id="form-error">${escapeHtml(en.passwordWeak)}</p>`);
    expect(response.body).toContain(
      `<ul class="error-details" id="password-feedback"><li>${escapeHtml(en.passwordWarnings.topTen ?? "")}</li><li>${escapeHtml(en.passwordSuggestions.anotherWord ?? "")}</li></ul>`,
    );
    expect(response.body).toContain(
      'aria-describedby="password-hint form-error password-feedback" aria-invalid="true"',
    );
    expect(response.body).toContain('value="form.weak@example.net"');
    expect(response.cookies.find((c) => c.name === "refresh_token")).toBeUndefined();
  });

  it("the register page says it in the page's language", async () => {
    const response = await postRegister("/de/register", "form.weak@example.net");
    expect(response.statusCode).toBe(400);
    const de = messagesFor("de");
    expect(response.body).toContain(escapeHtml(de.passwordWeak));
    expect(response.body).toContain(`<li>${escapeHtml(de.passwordWarnings.userInputs ?? "")}</li>`);
    expect(response.body).not.toContain(escapeHtml(messagesFor("en").passwordWeak));
  });

  it("a strong password registers", async () => {
    const response = await postRegister("/register", "Stable-Orbit-Lantern-42");
    expect(response.statusCode).toBe(303);
  });
});
