"use client";
import { useMemo, type ReactNode } from "react";
import { ConfigProvider, theme as antdTheme, type ConfigProviderProps } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { AntdRegistry } from "@ant-design/nextjs-registry";
import { useLocale, useMessages, useTranslations } from "next-intl";
import { dirOf, isLocale } from "@affiliates/locales";
import { useTheme } from "@/components/providers/theme-context";
import { themeConfig } from "@/lib/theme-tokens";
import { UI_PREFIX } from "@/lib/constants";
import { asDataTranslator } from "@/lib/message-keys";
import { useDayjsLocale, usePageAntdLocale } from "./antd-locale";

type ValidateMessages = NonNullable<NonNullable<ConfigProviderProps["form"]>["validateMessages"]>;
/**
 * antd's placeholders: a catalogue writes antd's `${label}`, which ICU reads as a `$` and the argument `label`; the
 * argument's value `{label}` puts antd's placeholder back together for antd to fill in.
 */
const ANTD_PLACEHOLDERS = Object.fromEntries(
  ["label", "name", "type", "enum", "len", "min", "max", "pattern"].map((name) => [name, `{${name}}`]),
);

/**
 * The catalogue's `form.validate` tree as antd's validate messages: each message formatted through `t` (catalogues are
 * precompiled, so their raw values are not text) with antd's placeholders left in place.
 */
function useValidateMessages(): ValidateMessages {
  // Keys are the tree's own paths, computed: the type check cannot follow them.
  const t = asDataTranslator(useTranslations("form.validate"));
  const tree: unknown = useMessages().form.validate;
  return useMemo(() => {
    const walk = (node: unknown, path: string): unknown =>
      typeof node === "object" && node !== null && !Array.isArray(node)
        ? Object.fromEntries(
            Object.entries(node).map(([key, child]) => [key, walk(child, path ? `${path}.${key}` : key)]),
          )
        : t(path, ANTD_PLACEHOLDERS);
    return walk(tree, "") as ValidateMessages;
  }, [tree, t]);
}

/**
 * The one form setup of the product: antd with the spec's tokens and prefix, the page's theme and direction, and the
 * validate messages of requirements.md §5 from the message catalogue (antd fills `${label}` itself). Pages that show a
 * form wrap it in this island; the rest of the product ships no UI-kit code. `antdLocale`: antd's catalogue, else the
 * page's (AntdLocaleProvider).
 */
export function FormKit({ antdLocale, children }: { antdLocale?: AntdLocale; children: ReactNode }) {
  const locale = useLocale();
  const { theme } = useTheme();
  const pageAntdLocale = usePageAntdLocale();
  useDayjsLocale();
  const validateMessages = useValidateMessages();
  return (
    <AntdRegistry>
      <ConfigProvider
        prefixCls={UI_PREFIX}
        direction={isLocale(locale) ? dirOf(locale) : "ltr"}
        locale={antdLocale ?? pageAntdLocale}
        form={{ validateMessages }}
        // No click wave: antd mounts a React root for it in the tap's frame, which a phone pays in the tap's next
        // paint (issue 36's INP); the pressed button's own :active colour is the feedback.
        wave={{ disabled: true }}
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
