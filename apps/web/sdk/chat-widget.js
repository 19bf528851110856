// @ts-check
/* The reference deployment's customer-chat widget: a visitor leaves a message, stored by the exchange API.
   Loaded by the chat button on first click; texts and direction come from the page (its message catalogue). */
(function () {
  "use strict";
  /**
   * @typedef {{ title: string, close: string, intro: string, email: string, message: string, send: string,
   *   sent: string, error: string }} ChatLabels
   * @typedef {{ labels: ChatLabels, dir: string, locale: string, endpoint: string }} ChatOptions
   */
  /** @type {HTMLElement | null} */
  var panel = null;

  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag @param {Record<string, string>} [attrs] @param {string} [text]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(function (entry) {
      node.setAttribute(entry[0], entry[1]);
    });
    if (text) node.textContent = text;
    return node;
  }

  /** @param {ChatOptions} options */
  function build(options) {
    var labels = options.labels;
    var root = el("section", {
      class: "exchange-chat",
      role: "dialog",
      "aria-modal": "false",
      "aria-labelledby": "exchange-chat-title",
      dir: options.dir,
      lang: options.locale,
    });
    root.style.cssText =
      "position:fixed;inset-inline-end:20px;inset-block-end:84px;width:min(340px,calc(100vw - 40px));background:var(--surface-raised,#fff);color:var(--text,#121826);border:1px solid var(--border,#d9dee7);border-radius:8px;box-shadow:0 12px 32px rgba(0,0,0,.25);padding:16px;z-index:160;font:inherit";
    var head = el("div", {});
    head.style.cssText = "display:flex;justify-content:space-between;align-items:center;gap:8px";
    head.appendChild(el("h2", { id: "exchange-chat-title", style: "font-size:16px;margin:0" }, labels.title));
    var close = el(
      "button",
      {
        type: "button",
        "aria-label": labels.close,
        style: "background:none;border:0;font-size:20px;cursor:pointer;color:inherit",
      },
      "×",
    );
    close.addEventListener("click", function () {
      root.remove();
      panel = null;
    });
    head.appendChild(close);
    root.appendChild(head);
    root.appendChild(el("p", { style: "margin:8px 0;color:var(--text-muted,#4b5565)" }, labels.intro));
    var form = el("form", { novalidate: "" });
    var emailLabel = el("label", { for: "exchange-chat-email", style: "display:block;margin-top:8px" }, labels.email);
    var email = el("input", {
      id: "exchange-chat-email",
      name: "email",
      type: "email",
      autocomplete: "email",
      required: "",
      style:
        "width:100%;min-height:32px;padding:4px 8px;border:1px solid var(--border,#d9dee7);border-radius:4px;background:var(--bg,#fff);color:inherit",
    });
    var messageLabel = el(
      "label",
      { for: "exchange-chat-message", style: "display:block;margin-top:8px" },
      labels.message,
    );
    var message = el("textarea", {
      id: "exchange-chat-message",
      name: "message",
      rows: "4",
      required: "",
      maxlength: "2000",
      style:
        "width:100%;padding:4px 8px;border:1px solid var(--border,#d9dee7);border-radius:4px;background:var(--bg,#fff);color:inherit",
    });
    var status = el("p", { role: "status", "aria-live": "polite", style: "min-height:1.5em;margin:8px 0" });
    var send = el("button", { type: "submit", class: "button button-primary" }, labels.send);
    [emailLabel, email, messageLabel, message, status, send].forEach(function (n) {
      form.appendChild(n);
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!email.checkValidity() || !message.value.trim()) {
        status.textContent = labels.error;
        return;
      }
      send.disabled = true;
      fetch(options.endpoint, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: email.value.trim(),
          message: message.value.trim(),
          locale: options.locale,
          page: location.pathname,
        }),
      })
        .then(function (response) {
          return response.json();
        })
        .then(function (body) {
          if (body && body.code === "00000") {
            status.textContent = labels.sent;
            message.value = "";
          } else {
            status.textContent = labels.error;
          }
        })
        .catch(function () {
          status.textContent = labels.error;
        })
        .then(function () {
          send.disabled = false;
        });
    });
    root.appendChild(form);
    return root;
  }

  /** @type {Window & { ExchangeChat?: { open(options: ChatOptions): void } }} */ (window).ExchangeChat = {
    open: function (/** @type {ChatOptions} */ options) {
      if (!panel) {
        panel = build(options);
        document.body.appendChild(panel);
      }
      var first = panel.querySelector("input");
      if (first) first.focus();
    },
  };
})();
