"use client";
import { lazyChunk } from "@/components/loading/client-lazy";

/** A partner page's overview without the programme's offer: the browser asks for the figures. */
export const PartnerOverviewFallback = lazyChunk(() =>
  import("./partner-overview-from-api").then((loaded) => loaded.PartnerOverviewFromApi),
);
