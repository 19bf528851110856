"use client";
import { useTranslations } from "next-intl";
import { hasLoadProblem, LoadProblem, type LoadResult } from "@/components/status/loaded";
import { useVipGuide, useVipProgramme } from "./vip-data";
import { VipGuideView, type GuidePart } from "./vip-guide-view";

/**
 * The guide when the server could not render it with its offers: the browser asks for the rules and the FAQ, each
 * part empty meanwhile and with its own retry if its call fails.
 */
export function VipGuideFromApi() {
  const tc = useTranslations("vipCommon");
  const part = <T,>(result: LoadResult<T>): GuidePart<T> => ({
    data: result.data,
    problem: hasLoadProblem(result) ? <LoadProblem result={result} failed={tc("loadFailed")} /> : undefined,
  });
  return <VipGuideView programme={part(useVipProgramme())} guide={part(useVipGuide())} />;
}
