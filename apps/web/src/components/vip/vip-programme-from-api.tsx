"use client";
import { useTranslations } from "next-intl";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { useVipProgramme } from "./vip-data";
import { VipProgrammeView } from "./vip-programme-view";

/**
 * The VIP programme when the server could not render it with its offer: the browser asks for it, showing ghost rows
 * meanwhile and a retry if the call fails.
 */
export function VipProgrammeFromApi() {
  const tc = useTranslations("vipCommon");
  const result = useVipProgramme();
  if (hasLoadProblem(result)) {
    return (
      <div className="section">
        <LoadProblem result={result} failed={tc("loadFailed")} />
      </div>
    );
  }
  return <VipProgrammeView data={result.data} />;
}
