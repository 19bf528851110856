"use client";
import { useTranslations } from "next-intl";
import { ViewOrLoadProblem } from "@/components/status/loaded";
import { useVipProgramme } from "./vip-data";
import { VipProgrammeView } from "./vip-programme-view";

/**
 * The VIP programme when the server could not render it with its offer: the browser asks for it, showing ghost rows
 * meanwhile and a retry if the call fails.
 */
export function VipProgrammeFromApi() {
  const tc = useTranslations("vipCommon");
  return <ViewOrLoadProblem result={useVipProgramme()} failed={tc("loadFailed")} View={VipProgrammeView} />;
}
