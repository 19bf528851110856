"use client";
import { useLocale } from "next-intl";
import { useEndpointOnDemand } from "@/lib/endpoint-demand";

/** The programme's answer, shared (one request, one cache entry) by every component of a page that shows it. */
export const useVipProgramme = () => useEndpointOnDemand("vipProgramme", {});

/** The guide (its FAQ is written per language: one cache entry per locale). */
export const useVipGuide = () => useEndpointOnDemand("vipGuide", { locale: useLocale() });
