import Link from "next/link";
import { useTranslations } from "next-intl";
import { isDarkOnlyPath, localePath, type Locale } from "@affiliates/locales";
import { PAGES } from "@/lib/pages";
import { DisclosureMenu } from "./disclosure-menu";
import { LanguagePicker } from "./language-picker";
import { MenuSheet } from "./menu-sheet";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

/**
 * The main pages, in order. The wide header shows the `inline` ones under their short label (`nav.<key>Short`, the
 * full name as tooltip) and the rest under "More", so it stays on one row in every language; the phone sheet lists
 * them all under their full names.
 */
const NAV = [
  { key: "affiliates", path: PAGES.home.path, inline: true, short: "affiliatesShort" },
  { key: "dashboard", path: PAGES.dashboard.path, inline: true, short: "dashboardShort" },
  { key: "vip", path: PAGES.vipIntroduce.path, inline: true, short: "vipShort" },
  { key: "fee", path: PAGES.fee.path, inline: true, short: null },
  { key: "broker", path: PAGES.broker.path, inline: false, short: null },
  { key: "marketMaker", path: PAGES.marketMaker.path, inline: false, short: null },
  { key: "institutional", path: PAGES.institutional.path, inline: false, short: null },
] as const;

const INLINE = NAV.filter((item) => item.inline);
const OVERFLOW = NAV.filter((item) => !item.inline);

type NavItem = (typeof NAV)[number];

/**
 * One page link of the header, the "More" list or the menu sheet: `short` shows the short label (the full one as
 * its title). Current page marked with aria-current.
 */
function NavLink({ item, locale, page, short }: { item: NavItem; locale: Locale; page: string; short: boolean }) {
  const t = useTranslations();
  const full = t(`nav.${item.key}`);
  const label = short && item.short ? t(`nav.${item.short}`) : full;
  return (
    <li>
      <Link
        href={localePath(locale, item.path)}
        prefetch={false}
        aria-current={item.path === page ? "page" : undefined}
        title={label === full ? undefined : full}
      >
        {label}
      </Link>
    </li>
  );
}

/**
 * Site header (requirements.md §2): receives the locale, theme (via context), the page path and, through the session, user info.
 * Its page links navigate on the client (Next's Link: the next page's RSC payload, not its whole
 * HTML), not prefetched, so a page downloads nothing for the pages it links to; before hydration they are plain links.
 */
export function Header({ locale, page }: { locale: Locale; page: string }) {
  const t = useTranslations();
  const switchable = !isDarkOnlyPath(localePath(locale, page));
  const overflowCurrent = OVERFLOW.some((item) => item.path === page);
  const links = (items: readonly NavItem[], short = false) =>
    items.map((item) => <NavLink key={item.key} item={item} locale={locale} page={page} short={short} />);

  return (
    <header className="site-header">
      <div className="header-inner">
        <a className="brand" href={localePath(locale)} aria-label={t("header.home")}>
          <svg aria-hidden="true" viewBox="0 0 32 32" width="26" height="26">
            <path d="M4 16 16 4l12 12-12 12z" fill="var(--color-primary)" />
            <path d="M11 16 16 11l5 5-5 5z" fill="var(--surface)" />
          </svg>
          <span className="brand-name">{t("brand.programme")}</span>
        </a>

        {/* Wide screens: the nav and the actions inline. Narrower ones hide both (CSS) and use the menu sheet. */}
        <nav className="main-nav" aria-label={t("nav.label")}>
          <ul>
            {links(INLINE, true)}
            <li>
              <DisclosureMenu className="menu nav-more" summary={t("nav.more")} current={overflowCurrent}>
                <ul className="menu-list nav-more-list">{links(OVERFLOW)}</ul>
              </DisclosureMenu>
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          <LanguagePicker locale={locale} page={page} />
          {switchable && <ThemeToggle />}
          <UserMenu locale={locale} page={page} />
        </div>

        <MenuSheet label={t("header.menu")} closeLabel={t("header.closeMenu")}>
          <nav className="sheet-nav" aria-label={t("nav.label")}>
            <ul>{links(NAV)}</ul>
          </nav>
          <div className="sheet-section">
            <LanguagePicker locale={locale} page={page} variant="sheet" />
            {switchable && <ThemeToggle labelled />}
          </div>
          <div className="sheet-section">
            <UserMenu locale={locale} page={page} variant="sheet" />
          </div>
        </MenuSheet>
      </div>
    </header>
  );
}
