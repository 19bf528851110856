import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { applyDayjsLocale, DAYJS_LOCALES } from "../src/lib/dayjs-locale";

describe("dayjs locale per page (requirements.md §9)", () => {
  it("Chinese weeks start on Monday", async () => {
    expect(await applyDayjsLocale("zh-CN")).toBe("zh-cn");
    // 2026-11-25 is a Wednesday: the week starts on Monday 23rd in Chinese, Sunday 22nd in English
    expect(dayjs("2026-11-25").startOf("week").format("YYYY-MM-DD")).toBe("2026-11-23");
    expect(await applyDayjsLocale("en")).toBe("en");
    expect(dayjs("2026-11-25").locale("en").startOf("week").format("YYYY-MM-DD")).toBe("2026-11-22");
  });

  it("every locale names a dayjs locale that exists", async () => {
    for (const name of new Set(Object.values(DAYJS_LOCALES))) {
      if (name !== "en") await expect(import(`dayjs/locale/${name}.js`)).resolves.toBeDefined();
    }
  });
});
