// @ts-check
/*
 * Exchange risk SDK stand-in (served as a static file, no build step; loaded lazily by packages/device-token).
 * window.ExchangeRiskSDK.collect({ timeout }) -> Promise<{ code, data, msg }>
 * Gathers the device information the anti-fraud log call carries (requirements.md §7): platform, languages, screen, time zone,
 * hardware hints, and, where the browser offers them (Chromium's user-agent client hints), the model and OS version.
 * code is requirements.md §3's shared response code: 0 SUCCESS (data is the information), 1 ERROR, 401 TIMEOUT (the client
 * hints did not answer within `timeout` ms; data then holds what was gathered without them).
 */
/**
 * @typedef {{ code: number, data: Record<string, unknown> | null, msg: string }} RiskAnswer
 * @typedef {{ version: string, collect(options?: { timeout?: number }): Promise<RiskAnswer> }} RiskSdk
 * @typedef {Navigator & { deviceMemory?: number, userAgentData?: { getHighEntropyValues(hints: string[]): Promise<{ model?: string, platformVersion?: string }> } }} HintedNavigator
 */
(
  /** @param {Window & { ExchangeRiskSDK?: RiskSdk }} root */ function (root) {
    "use strict";

    if (root.ExchangeRiskSDK && typeof root.ExchangeRiskSDK.collect === "function") return;

    var SUCCESS = 0;
    var ERROR = 1;
    var TIMEOUT = 401;
    var DEFAULT_TIMEOUT_MS = 3000;

    /** @param {() => any} get */
    function read(get) {
      try {
        var value = get();
        return value === undefined || value === null ? "" : value;
      } catch (e) {
        return "";
      }
    }

    function basics() {
      /** @type {Partial<HintedNavigator>} */
      var nav = root.navigator || {};
      var scr = root.screen || {};
      return {
        platform: read(function () {
          return nav.platform;
        }),
        language: read(function () {
          return nav.language;
        }),
        languages: read(function () {
          return (nav.languages || []).slice(0, 5).join(",");
        }),
        screen: read(function () {
          return scr.width + "x" + scr.height;
        }),
        colorDepth: read(function () {
          return scr.colorDepth;
        }),
        pixelRatio: read(function () {
          return root.devicePixelRatio;
        }),
        timezone: read(function () {
          return Intl.DateTimeFormat().resolvedOptions().timeZone;
        }),
        timezoneOffset: read(function () {
          return new Date().getTimezoneOffset();
        }),
        touchPoints: read(function () {
          return nav.maxTouchPoints;
        }),
        hardwareConcurrency: read(function () {
          return nav.hardwareConcurrency;
        }),
        deviceMemory: read(function () {
          return nav.deviceMemory;
        }),
        cookieEnabled: read(function () {
          return nav.cookieEnabled;
        }),
        webdriver: read(function () {
          return nav.webdriver === true;
        }),
      };
    }

    /* Chromium's high-entropy client hints (model, OS version); other browsers have none and answer at once. */
    function hints() {
      var data = root.navigator && /** @type {HintedNavigator} */ (root.navigator).userAgentData;
      if (!data || typeof data.getHighEntropyValues !== "function") return Promise.resolve({});
      return data.getHighEntropyValues(["model", "platformVersion"]).then(function (values) {
        return { model: values.model || "", osVersion: values.platformVersion || "" };
      });
    }

    /** @param {{ timeout?: number }} [options] */
    function collect(options) {
      options = options || {};
      var timeoutMs = typeof options.timeout === "number" && options.timeout > 0 ? options.timeout : DEFAULT_TIMEOUT_MS;
      /** @type {Record<string, unknown>} */
      var info;
      try {
        info = basics();
      } catch (e) {
        return Promise.resolve({ code: ERROR, data: null, msg: String((e && /** @type {Error} */ (e).message) || e) });
      }
      return new Promise(function (resolve) {
        var done = false;
        var timer = setTimeout(function () {
          if (done) return;
          done = true;
          resolve({ code: TIMEOUT, data: info, msg: "device hints: no answer within " + timeoutMs + " ms" });
        }, timeoutMs);
        hints().then(
          /** @param {Record<string, unknown>} extra */
          function (extra) {
            if (done) return;
            done = true;
            clearTimeout(timer);
            for (var key in extra) if (Object.prototype.hasOwnProperty.call(extra, key)) info[key] = extra[key];
            resolve({ code: SUCCESS, data: info, msg: "" });
          },
          function (e) {
            if (done) return;
            done = true;
            clearTimeout(timer);
            resolve({ code: ERROR, data: info, msg: String((e && /** @type {Error} */ (e).message) || e) });
          },
        );
      });
    }

    root.ExchangeRiskSDK = { version: "1.0.0", collect: collect };
  }
)(/** @type {any} */ (typeof window !== "undefined" ? window : this));
