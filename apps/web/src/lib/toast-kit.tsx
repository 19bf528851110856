"use client";
import type { ReactNode } from "react";
import { themeConfig } from "./theme-tokens";
import { MESSAGE_DURATION_S, MESSAGE_MAX_COUNT, NOTIFICATION_DURATION_S, UI_PREFIX } from "./constants";
import { messageArgs, type ToastOptions, type ToastType } from "./toast-content";

/**
 * Toasts are antd's `message` and `notification` (requirements.md §4, §9), with the product's prefix, tokens, theme and
 * direction of the moment. This module and antd load with the first toast (lib/toast.tsx).
 */
type Toasts = {
  message: typeof import("antd/es/message").default;
  notification: typeof import("antd/es/notification").default;
};
let loading: Promise<Toasts> | null = null;

function loadToasts(): Promise<Toasts> {
  loading ??= Promise.all([
    import("antd/es/config-provider"),
    import("antd/es/message"),
    import("antd/es/notification"),
    import("antd/es/theme"),
  ]).then(([{ default: ConfigProvider }, { default: message }, { default: notification }, { default: antdTheme }]) => {
    ConfigProvider.config({
      prefixCls: UI_PREFIX,
      holderRender: (children: ReactNode) => {
        const dark = document.documentElement.classList.contains("theme-black");
        return (
          <ConfigProvider
            prefixCls={UI_PREFIX}
            direction={document.documentElement.dir === "rtl" ? "rtl" : "ltr"}
            theme={{
              ...themeConfig(dark ? "Black" : "White"),
              algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
            }}
          >
            {children}
          </ConfigProvider>
        );
      },
    });
    message.config({ duration: MESSAGE_DURATION_S, maxCount: MESSAGE_MAX_COUNT, pauseOnHover: true, top: 24 });
    notification.config({ duration: NOTIFICATION_DURATION_S, placement: "top", pauseOnHover: true });
    return { message, notification };
  });
  return loading;
}

let keySequence = 0;

/** Opens a message (lib/toast.tsx's showMessage, once this module has loaded). */
export async function openMessage(
  type: ToastType,
  content: string,
  key?: string,
  options: ToastOptions = {},
): Promise<void> {
  try {
    const { message } = await loadToasts();
    // The close button needs the message's key to close it; one without a key gets its own.
    const messageKey = key ?? `toast-${++keySequence}`;
    void message.open(messageArgs(type, content, messageKey, options, () => message.destroy(messageKey)));
  } catch {
    loading = null; // the toast code could not load (offline): the page goes on without it
  }
}
