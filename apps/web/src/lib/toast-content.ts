import { createElement, type ReactNode } from "react";

/** requirements.md §3's toast types. antd has no `question`: it is an info message with a question-mark icon. */
export type ToastType = "info" | "success" | "question" | "warning" | "error" | "loading";
type AntdNoticeType = Exclude<ToastType, "question">;

export interface ToastOptions {
  /** Adds the optional close button (requirements.md §4), named by this translated label ("Close message"). */
  closeLabel?: string;
}

/** What antd's `message.open` is given (its `ArgsProps`, the fields used here). */
export interface MessageArgs {
  type: AntdNoticeType;
  content: ReactNode;
  key: string;
  icon?: ReactNode;
  className?: string;
}

/** antd's filled question-circle icon, drawn here so the toast chunk needs no icon package. */
const QUESTION_PATH =
  "M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm0 708c-22.1 0-40-17.9-40-40s17.9-40 40-40 40 17.9 40 40-17.9 40-40 40zm62.9-219.5a48.3 48.3 0 0 0-30.9 44.8V620c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8v-21.5c0-23.1 6.7-45.9 19.9-64.9 12.9-18.6 30.9-32.8 52.1-40.9 34-13.1 56-41.6 56-72.7 0-44.1-43.1-80-96-80s-96 35.9-96 80v7.6c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V420c0-39.3 17.2-76 48.4-103.3C430.4 290.4 470 276 512 276s81.6 14.5 111.6 40.7C654.8 344 672 380.7 672 420c0 57.8-38.1 109.8-97.1 132.5z";

const questionIcon = () =>
  createElement(
    "span",
    { role: "img", "aria-hidden": true, className: "anticon toast-question-icon" },
    createElement(
      "svg",
      { viewBox: "64 64 896 896", width: "1em", height: "1em", fill: "currentColor" },
      createElement("path", { d: QUESTION_PATH }),
    ),
  );

const closeButton = (label: string, close: () => void) =>
  createElement(
    "button",
    { type: "button", className: "toast-close", "aria-label": label, onClick: close },
    createElement(
      "svg",
      { "aria-hidden": true, viewBox: "0 0 12 12", width: 12, height: 12, stroke: "currentColor", strokeWidth: 1.6 },
      createElement("path", { d: "m2.5 2.5 7 7m0-7-7 7" }),
    ),
  );

/**
 * The arguments of one toast: the `question` type as antd's info with a question icon, and with `closeLabel` a close
 * button after the text, which calls `close` (antd's `message.destroy` of this key).
 */
export function messageArgs(
  type: ToastType,
  text: string,
  key: string,
  options: ToastOptions,
  close: () => void,
): MessageArgs {
  const content = options.closeLabel
    ? createElement(
        "span",
        { className: "toast-body" },
        createElement("span", null, text),
        closeButton(options.closeLabel, close),
      )
    : text;
  return type === "question"
    ? { type: "info", icon: questionIcon(), className: "toast-question", content, key }
    : { type, content, key };
}
