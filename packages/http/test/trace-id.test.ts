import { describe, expect, it } from "vitest";
import { createTraceId } from "../src";

describe("createTraceId", () => {
  it("is w + millisecond timestamp + 11 chars from the injected random source", () => {
    // index n of [0-9a-z] is picked by a random value in [n/36, (n+1)/36)
    const indices = [0, 35, 10, 22, 1, 2, 3, 4, 5, 6, 7];
    let i = 0;
    const random = () => ((indices[i++] ?? 0) + 0.5) / 36;
    expect(createTraceId(() => 1_700_000_000_123, random)).toBe("w17000000001230zam1234567");
  });

  it("stays in range when random returns 1", () => {
    expect(
      createTraceId(
        () => 5,
        () => 1,
      ),
    ).toBe("w5zzzzzzzzzzz");
  });

  it("matches the format with the default sources", () => {
    expect(createTraceId()).toMatch(/^w\d{13}[0-9a-z]{11}$/);
  });
});
