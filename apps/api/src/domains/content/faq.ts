import { z } from "zod";
import { DEFAULT_LOCALE, findLocale, type Locale } from "@affiliates/locales";
import ar from "./faq/ar.json";
import de from "./faq/de.json";
import en from "./faq/en.json";
import es from "./faq/es.json";
import esAR from "./faq/es-AR.json";
import esES from "./faq/es-ES.json";
import fr from "./faq/fr.json";
import frFR from "./faq/fr-FR.json";
import id from "./faq/id.json";
import it from "./faq/it.json";
import ja from "./faq/ja.json";
import ph from "./faq/ph.json";
import pl from "./faq/pl.json";
import pt from "./faq/pt.json";
import ptPT from "./faq/pt-PT.json";
import ru from "./faq/ru.json";
import ruFR from "./faq/ru-FR.json";
import ruUZ from "./faq/ru-UZ.json";
import uk from "./faq/uk.json";
import uz from "./faq/uz.json";
import uzUZ from "./faq/uz-UZ.json";
import vi from "./faq/vi.json";
import zhCN from "./faq/zh-CN.json";
import zhTC from "./faq/zh-TC.json";

/**
 * The single source of every FAQ the API serves (affiliate landing, VIP guide, partner programmes): one JSON file per
 * locale in `./faq/`, imported statically here (no directory scan: works the same under tsx, vitest and a bundle).
 * Add a locale by adding its file and one line to FAQ_FILES. Answers are HTML from this trusted source; the web app
 * still sanitises them before rendering. English is complete; any other file may lack items, which fall back to
 * English one by one (test/faq-content.test.ts requires every present file to be complete).
 */
export const FAQ_PROGRAMMES = ["affiliate", "vip", "broker", "market-maker", "institutional", "incubation"] as const;
export type FaqProgramme = (typeof FAQ_PROGRAMMES)[number];

export const faqItemSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    question: z.string().trim().min(1),
    answerHtml: z.string().trim().min(1),
  })
  .strict();
export type FaqItem = z.infer<typeof faqItemSchema>;

const faqFileSchema = z
  .object(
    Object.fromEntries(FAQ_PROGRAMMES.map((p) => [p, z.array(faqItemSchema).optional()])) as Record<
      FaqProgramme,
      z.ZodOptional<z.ZodArray<typeof faqItemSchema>>
    >,
  )
  .strict();
type FaqFile = Partial<Record<FaqProgramme, FaqItem[]>>;

/** Every locale file, keyed by its LOCALE_CODES code. */
const FAQ_FILES: Partial<Record<Locale, unknown>> = {
  en,
  ar,
  de,
  es,
  "es-AR": esAR,
  "es-ES": esES,
  fr,
  "fr-FR": frFR,
  id,
  it,
  ja,
  ph,
  pl,
  pt,
  "pt-PT": ptPT,
  ru,
  "ru-FR": ruFR,
  "ru-UZ": ruUZ,
  uk,
  uz,
  "uz-UZ": uzUZ,
  vi,
  "zh-CN": zhCN,
  "zh-TC": zhTC,
};

function load(): Map<Locale, FaqFile> {
  const files = new Map<Locale, FaqFile>();
  for (const [locale, raw] of Object.entries(FAQ_FILES) as [Locale, unknown][]) {
    const parsed = faqFileSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`domains/content/faq/${locale}.json: ${z.prettifyError(parsed.error)}`);
    files.set(locale, parsed.data);
  }
  const english = files.get(DEFAULT_LOCALE);
  for (const programme of FAQ_PROGRAMMES) {
    const ids = english?.[programme]?.map((item) => item.id) ?? [];
    if (ids.length === 0) throw new Error(`domains/content/faq/en.json: "${programme}" has no items`);
    if (new Set(ids).size !== ids.length) throw new Error(`domains/content/faq/en.json: "${programme}" repeats an id`);
    for (const [locale, file] of files) {
      const unknown = file[programme]?.find((item) => !ids.includes(item.id));
      if (unknown)
        throw new Error(
          `domains/content/faq/${locale}.json: "${programme}" has an item "${unknown.id}" English does not have`,
        );
    }
  }
  return files;
}

const FILES = load();

/** The locales that have a FAQ file (English first). */
export const FAQ_LOCALES: readonly Locale[] = [...FILES.keys()];

/** The raw content of one locale file (for tests), or undefined when the locale has none. */
export const faqFile = (locale: Locale): Readonly<FaqFile> | undefined => FILES.get(locale);

/**
 * The files to read for a requested locale, best first: the locale itself, its language (`ru-FR` → `ru`, `es-AR` →
 * `es`), then English. Case-insensitive; unknown or malformed tags get English only.
 */
function chain(requested: string | null | undefined): Locale[] {
  const entry = findLocale(requested?.trim());
  const out: Locale[] = [];
  if (entry) {
    out.push(entry.locale);
    const language = findLocale(entry.locale.split("-")[0]);
    if (language) out.push(language.locale);
  }
  out.push(DEFAULT_LOCALE);
  return [...new Set(out)].filter((l) => FILES.has(l));
}

/** The locale whose file answers a request first: `en-GB` → `en`, `zh-cn` → `zh-CN`, a locale without a file → `en`. */
export const faqLocale = (requested: string | null | undefined): Locale => chain(requested)[0] ?? DEFAULT_LOCALE;

/** A programme's FAQ in the requested locale, item by item falling back to the language, then to English. */
export function faqFor(programme: FaqProgramme, requested: string | null | undefined): FaqItem[] {
  const files = chain(requested).map((l) => FILES.get(l));
  const english = FILES.get(DEFAULT_LOCALE)?.[programme] ?? [];
  return english.map((item) => {
    for (const file of files) {
      const found = file?.[programme]?.find((i) => i.id === item.id);
      if (found) return { ...found };
    }
    return { ...item };
  });
}
