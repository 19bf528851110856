"use client";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import {
  fromHeaderTheme,
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE_S,
  toggleTheme,
  type HeaderTheme,
} from "@affiliates/locales";
import { setCookie } from "@/lib/storage";
import { themeClass } from "@/lib/internal-route";

interface ThemeState {
  theme: HeaderTheme;
  toggle: () => void;
}

const ThemeContext = createContext<ThemeState>({ theme: "White", toggle: () => undefined });
export const useTheme = () => useContext(ThemeContext);

export function ThemeProvider({ initial, children }: { initial: HeaderTheme; children: ReactNode }) {
  const [theme, setTheme] = useState<HeaderTheme>(initial);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = toggleTheme(current);
      // Saved as the preference (Dark/Light); the next server render picks it up, so there is no flash.
      setCookie(THEME_COOKIE, fromHeaderTheme(next), THEME_COOKIE_MAX_AGE_S);
      const root = document.documentElement;
      root.classList.remove(themeClass(current));
      root.classList.add(themeClass(next));
      root.style.colorScheme = next === "Black" ? "dark" : "light";
      return next;
    });
  }, []);
  const value = useMemo(() => ({ theme, toggle }), [theme, toggle]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
