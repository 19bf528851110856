import { isValidElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { messageArgs } from "../src/lib/toast-content";

/** The first element of a tree whose type is `type` (depth first). */
function find(node: unknown, type: string): ReactElement<Record<string, unknown>> | undefined {
  if (!isValidElement(node)) return undefined;
  const element = node as ReactElement<Record<string, unknown>>;
  if (element.type === type) return element;
  const children = element.props.children;
  for (const child of Array.isArray(children) ? children : [children]) {
    const found = find(child, type);
    if (found) return found;
  }
  return undefined;
}

describe("toast messages (requirements.md §3 types, requirements.md §4 optional close button)", () => {
  it("plain types go to antd as they are, with the text alone", () => {
    for (const type of ["info", "success", "warning", "error", "loading"] as const)
      expect(messageArgs(type, "Saved", "k", {}, () => undefined)).toEqual({ type, content: "Saved", key: "k" });
  });

  it("`question` is an info message with a question-mark icon and its own class", () => {
    const args = messageArgs("question", "Leave this page?", "q", {}, () => undefined);
    expect(args).toMatchObject({ type: "info", className: "toast-question", content: "Leave this page?", key: "q" });
    expect(renderToStaticMarkup(args.icon as ReactElement)).toMatch(
      /^<span role="img" aria-hidden="true" class="anticon toast-question-icon"><svg viewBox="64 64 896 896"/,
    );
  });

  it("with a close label the text is followed by a named button that closes this message", () => {
    const close = vi.fn();
    const args = messageArgs("error", "[503] Service unavailable", "http-503", { closeLabel: "Close message" }, close);
    const html = renderToStaticMarkup(args.content as ReactElement);
    expect(html).toContain("<span>[503] Service unavailable</span>");
    expect(html).toContain('<button type="button" class="toast-close" aria-label="Close message">');
    const button = find(args.content, "button");
    (button?.props.onClick as () => void)();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
