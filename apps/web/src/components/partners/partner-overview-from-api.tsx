"use client";
import { useTranslations } from "next-intl";
import { ViewOrLoadProblem } from "@/components/status/loaded";
import { usePartnerProgramme } from "./partner-data";
import { partnerView, type PartnerView } from "./partner-views";

/**
 * A partner page's overview when the server could not render it with the programme's offer (the API did not give
 * it): the browser asks for the figures, showing ghosts meanwhile and a retry if the call fails.
 */
export function PartnerOverviewFromApi({ view }: { view: PartnerView }) {
  const tc = useTranslations("partners");
  const { programme, View } = partnerView(view);
  return <ViewOrLoadProblem result={usePartnerProgramme(programme)} failed={tc("loadFailed")} View={View} />;
}
