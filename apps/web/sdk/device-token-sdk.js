// @ts-check
/*
 * Exchange device-token SDK (served as a static file, no build step).
 * window.ExchangeDeviceTokenSDK.getToken({ appId, expire, timeout, host? }) -> Promise<string>
 * Gathers a device fingerprint from stable browser properties (no canvas), hashes it (SHA-256 through
 * SubtleCrypto when available, else four FNV-1a rounds), and asks POST {host}/v1/constantid/udid/c1
 * {appId, fingerprint, expire} for a 40-character token (same origin by default).
 */
/**
 * @typedef {{ appId: string, expire?: number, timeout?: number, host?: string }} GetTokenOptions
 * @typedef {{ version: string, getToken(options: GetTokenOptions): Promise<string>, getFingerprint(): Promise<string> }}
 *   DeviceTokenSdk
 * @typedef {{ code?: unknown, msg?: string, data?: { token?: unknown } }} IssueEnvelope
 */
(
  /** @param {Window & { ExchangeDeviceTokenSDK?: DeviceTokenSdk }} root */ function (root) {
    "use strict";

    if (root.ExchangeDeviceTokenSDK && typeof root.ExchangeDeviceTokenSDK.getToken === "function") return;

    var ISSUE_PATH = "/v1/constantid/udid/c1";
    var SUCCESS_CODES = ["00000", "200"];
    var DEFAULT_TIMEOUT_MS = 10000;
    /** @type {Promise<string> | null} */
    var fingerprintPromise = null;

    /** @param {() => unknown} read */
    function safe(read) {
      try {
        var value = read();
        return value === undefined || value === null ? "" : String(value);
      } catch (e) {
        return "";
      }
    }

    function collect() {
      /** @type {Partial<Navigator> & { deviceMemory?: number }} */
      var nav = root.navigator || {};
      /** @type {Partial<Screen>} */
      var scr = root.screen || {};
      return [
        safe(function () {
          return nav.userAgent;
        }),
        safe(function () {
          return nav.language;
        }),
        safe(function () {
          return (nav.languages || []).join(",");
        }),
        safe(function () {
          return nav.platform;
        }),
        safe(function () {
          return nav.vendor;
        }),
        safe(function () {
          return nav.hardwareConcurrency;
        }),
        safe(function () {
          return nav.deviceMemory;
        }),
        safe(function () {
          return nav.maxTouchPoints;
        }),
        safe(function () {
          return nav.cookieEnabled;
        }),
        safe(function () {
          return scr.width + "x" + scr.height;
        }),
        safe(function () {
          return scr.colorDepth;
        }),
        safe(function () {
          return scr.pixelDepth;
        }),
        safe(function () {
          return root.devicePixelRatio;
        }),
        safe(function () {
          return Intl.DateTimeFormat().resolvedOptions().timeZone;
        }),
        safe(function () {
          return new Date(2026, 0, 1).getTimezoneOffset();
        }),
        safe(function () {
          return new Date(2026, 6, 1).getTimezoneOffset();
        }),
      ].join("|");
    }

    /** @param {string} text */
    function utf8Bytes(text) {
      if (typeof TextEncoder !== "undefined") return new TextEncoder().encode(text);
      var binary = unescape(encodeURIComponent(text));
      var bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return bytes;
    }

    /** @param {Uint8Array} bytes */
    function hex(bytes) {
      var out = "";
      for (var i = 0; i < bytes.length; i++) {
        var byte = bytes[i] || 0;
        out += (byte < 16 ? "0" : "") + byte.toString(16);
      }
      return out;
    }

    /* Fallback without SubtleCrypto (insecure contexts): 4 × 32-bit FNV-1a with different seeds = 32 hex characters. */
    /** @param {Uint8Array} bytes */
    function fnvHex(bytes) {
      var seeds = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
      var out = "";
      for (var s = 0; s < seeds.length; s++) {
        var h = /** @type {number} */ (seeds[s]) >>> 0;
        for (var i = 0; i < bytes.length; i++) {
          h ^= /** @type {number} */ (bytes[i]);
          h = Math.imul ? Math.imul(h, 0x01000193) >>> 0 : (h * 0x01000193) >>> 0;
        }
        h = (h ^ s) >>> 0;
        var part = h.toString(16);
        while (part.length < 8) part = "0" + part;
        out += part;
      }
      return out;
    }

    /** @returns {Promise<string>} */
    function fingerprint() {
      if (fingerprintPromise) return fingerprintPromise;
      var bytes = utf8Bytes(collect());
      var subtle = root.crypto && root.crypto.subtle;
      fingerprintPromise =
        subtle && typeof subtle.digest === "function"
          ? Promise.resolve()
              .then(function () {
                return subtle.digest("SHA-256", bytes);
              })
              .then(
                function (digest) {
                  return hex(new Uint8Array(digest));
                },
                function () {
                  return fnvHex(bytes);
                },
              )
          : Promise.resolve(fnvHex(bytes));
      return fingerprintPromise;
    }

    /**
     * @param {string} url @param {object} body @param {number} timeoutMs
     * @returns {Promise<{ status: number, body: IssueEnvelope | null }>}
     */
    function post(url, body, timeoutMs) {
      return new Promise(function (resolve, reject) {
        var xhr = new XMLHttpRequest();
        xhr.open("POST", url, true);
        xhr.setRequestHeader("Content-Type", "application/json");
        xhr.withCredentials = false;
        xhr.timeout = timeoutMs;
        xhr.onload = function () {
          var parsed;
          try {
            parsed = JSON.parse(xhr.responseText);
          } catch (e) {
            reject(new Error("device-token SDK: unreadable answer (HTTP " + xhr.status + ")"));
            return;
          }
          resolve({ status: xhr.status, body: parsed });
        };
        xhr.onerror = function () {
          reject(new Error("device-token SDK: network error"));
        };
        xhr.ontimeout = function () {
          reject(new Error("device-token SDK: no answer within " + timeoutMs + " ms"));
        };
        xhr.send(JSON.stringify(body));
      });
    }

    /** @param {GetTokenOptions} options */
    function getToken(options) {
      options = options || /** @type {GetTokenOptions} */ ({});
      var timeoutMs = typeof options.timeout === "number" && options.timeout > 0 ? options.timeout : DEFAULT_TIMEOUT_MS;
      var host = typeof options.host === "string" ? options.host.replace(/\/+$/, "") : "";
      if (typeof options.appId !== "string" || options.appId === "") {
        return Promise.reject(new Error("device-token SDK: appId is required"));
      }
      return fingerprint()
        .then(function (fp) {
          /** @type {{ appId: string, fingerprint: string, expire?: number }} */
          var body = { appId: options.appId, fingerprint: fp };
          if (typeof options.expire === "number" && options.expire > 0) body.expire = Math.floor(options.expire);
          return post(host + ISSUE_PATH, body, timeoutMs);
        })
        .then(function (answer) {
          /** @type {IssueEnvelope} */
          var envelope = answer.body || {};
          var ok = SUCCESS_CODES.indexOf(String(envelope.code)) >= 0;
          if (!ok || !envelope.data || typeof envelope.data.token !== "string") {
            throw new Error("device-token SDK: [" + envelope.code + "] " + (envelope.msg || "HTTP " + answer.status));
          }
          return /** @type {string} */ (envelope.data.token);
        });
    }

    root.ExchangeDeviceTokenSDK = { version: "1.0.0", getToken: getToken, getFingerprint: fingerprint };
    // The page's window; in a bare script context (the API's unit test runs it in a vm sandbox) the global object.
  }
)(
  /** @type {Window & { ExchangeDeviceTokenSDK?: DeviceTokenSdk }} */ (
    /** @type {unknown} */ (typeof window !== "undefined" ? window : this)
  ),
);
