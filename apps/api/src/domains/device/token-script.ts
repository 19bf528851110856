/**
 * The stand-in login and register pages obtain a device token the way the product does (packages/device-token):
 * the token SDK (`/affiliates/static/device-token-sdk.js`, served by the web app on the same public origin) and this
 * small same-origin script, served by the API under a path the web app's proxy forwards to it.
 *
 * The script reads the token SDK's app id from the form's `data-app-id`, reuses the `dy_token` cookie while the
 * product's shared record (`dy_token_expires` in localStorage) says it is fresh, and otherwise asks the SDK for a new
 * token, storing it as the product does (cookie for 7 days, expiry record). Before the form is submitted it puts the
 * token into the hidden `dyToken` field. When no token can be had the form is still submitted: the server then
 * answers with its "security check failed" message.
 */
export const DEVICE_TOKEN_SCRIPT_PATH = "/login/device-token.js";
/** The token SDK, a static file of the web app (packages/device-token DEFAULT_SDK_PATH). */
export const DEVICE_TOKEN_SDK_PATH = "/affiliates/static/device-token-sdk.js";

export const DEVICE_TOKEN_SCRIPT = `(function () {
  "use strict";
  var COOKIE = "dy_token";
  var EXPIRES_KEY = "dy_token_expires";
  var COOKIE_MAX_AGE_S = 604800;
  var VALIDITY_MS = 2400000;
  var TOKEN = /^[A-Za-z0-9]{40}$/;

  var form = document.querySelector("form[data-app-id]");
  if (!form) return;
  var appId = form.getAttribute("data-app-id") || "";
  var field = form.querySelector('input[name="dyToken"]');

  function readCookie() {
    var parts = (document.cookie || "").split(";");
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i].replace(/^\\s+/, "");
      if (part.indexOf(COOKIE + "=") === 0) {
        try {
          return decodeURIComponent(part.slice(COOKIE.length + 1));
        } catch (e) {
          return "";
        }
      }
    }
    return "";
  }

  function storedToken() {
    var token = readCookie();
    var expiresAt = NaN;
    try {
      expiresAt = Number(window.localStorage.getItem(EXPIRES_KEY));
    } catch (e) {
      expiresAt = NaN;
    }
    return TOKEN.test(token) && expiresAt > Date.now() ? token : "";
  }

  function store(token) {
    var secure = window.location && window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = COOKIE + "=" + encodeURIComponent(token) + "; max-age=" + COOKIE_MAX_AGE_S + "; path=/; SameSite=Lax" + secure;
    try {
      window.localStorage.setItem(EXPIRES_KEY, String(Date.now() + VALIDITY_MS));
    } catch (e) {
      /* the cookie alone is enough for the form post */
    }
  }

  var pending = null;
  function obtain() {
    var stored = storedToken();
    if (stored) return Promise.resolve(stored);
    if (pending) return pending;
    var sdk = window.ExchangeDeviceTokenSDK;
    if (!sdk || typeof sdk.getToken !== "function") return Promise.resolve("");
    pending = Promise.resolve()
      .then(function () {
        return sdk.getToken({ appId: appId, expire: 14400, timeout: 10000 });
      })
      .then(
        function (token) {
          pending = null;
          if (typeof token !== "string" || !TOKEN.test(token)) return "";
          store(token);
          return token;
        },
        function () {
          pending = null;
          return "";
        }
      );
    return pending;
  }

  obtain();
  var submitting = false;
  window.addEventListener("pageshow", function () {
    submitting = false;
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (submitting) return;
    submitting = true;
    obtain().then(function (token) {
      if (field) field.value = token;
      form.submit();
    });
  });
})();
`;
