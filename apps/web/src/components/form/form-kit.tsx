"use client";
import type { ReactNode } from "react";
import { ConfigProvider, theme as antdTheme, type ConfigProviderProps } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { AntdRegistry } from "@ant-design/nextjs-registry";
import { useLocale, useMessages } from "next-intl";
import { dirOf, isLocale } from "@affiliates/locales";
import { useTheme } from "@/components/providers/theme-context";
import { themeConfig } from "@/lib/theme-tokens";
import { UI_PREFIX } from "@/lib/constants";
import { useDayjsLocale, usePageAntdLocale } from "./antd-locale";

/**
 * The one form setup of the product: antd with the spec's tokens and prefix, the page's theme and direction, and the
 * validate messages of requirements.md §5 from the message catalogue (kept raw: antd fills `${label}` itself). Pages that show a
 * form wrap it in this island; the rest of the product ships no UI-kit code. `antdLocale`: antd's catalogue, else the
 * page's (AntdLocaleProvider).
 */
export function FormKit({ antdLocale, children }: { antdLocale?: AntdLocale; children: ReactNode }) {
  const locale = useLocale();
  const { theme } = useTheme();
  const pageAntdLocale = usePageAntdLocale();
  useDayjsLocale();
  const validateMessages: NonNullable<NonNullable<ConfigProviderProps["form"]>["validateMessages"]> =
    useMessages().form.validate;
  return (
    <AntdRegistry>
      <ConfigProvider
        prefixCls={UI_PREFIX}
        direction={isLocale(locale) ? dirOf(locale) : "ltr"}
        locale={antdLocale ?? pageAntdLocale}
        form={{ validateMessages }}
        theme={{
          ...themeConfig(theme),
          algorithm: theme === "Black" ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        }}
      >
        {children}
      </ConfigProvider>
    </AntdRegistry>
  );
}
