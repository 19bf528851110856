"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEndpointOnDemand } from "@/lib/endpoint-demand";
import { ViewOrLoadProblem } from "@/components/status/loaded";
import { ProgrammeOverviewView } from "./programme-overview-view";

/**
 * The programme overview when the server could not render it with the programme's offer: the browser asks for the
 * figures, showing ghosts meanwhile and a retry if the call fails.
 */
export function ProgrammeOverviewFromApi() {
  const t = useTranslations("programme");
  const locale = useLocale();
  // The FAQ's language follows the `Locale` header (src/lib/http.ts sends the page's locale); one cache entry per locale.
  const result = useEndpointOnDemand("affiliateProgramme", {}, { varies: { locale } });
  return <ViewOrLoadProblem result={result} failed={t("loadFailed")} View={ProgrammeOverviewView} />;
}
