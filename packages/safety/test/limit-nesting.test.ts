import { describe, expect, it } from "vitest";
import { limitNesting } from "../src/limit-nesting";

describe("limitNesting", () => {
  it("leaves shallow markup unchanged", () => {
    const html = '<div class="a"><p>x<br>y</p><ul><li>a<li>b</ul><img src="x"></div>';
    expect(limitNesting(html, 3)).toBe(html);
  });

  it("drops start and end tags beyond the limit and keeps their content", () => {
    expect(limitNesting("<div><span><b>x</b></span></div>", 2)).toBe("<div><span>x</span></div>");
    expect(limitNesting("<div><div><div>a</div>b</div>c</div><div>d</div>", 1)).toBe("<div>abc</div><div>d</div>");
  });

  it("does not count implicitly closed elements", () => {
    const list = `<ul>${"<li>item".repeat(1000)}</ul>`;
    expect(limitNesting(list, 2)).toBe(list);
  });

  it("handles stray end tags and text without tags", () => {
    expect(limitNesting("</div></span>x", 1)).toBe("</div></span>x");
    expect(limitNesting("a < b > c", 1)).toBe("a < b > c");
  });
});
