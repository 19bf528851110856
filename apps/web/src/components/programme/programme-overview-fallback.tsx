"use client";
import { lazyChunk } from "@/components/loading/client-lazy";

/** The programme overview without the programme's offer: the browser asks for the figures. */
export const ProgrammeOverviewFallback = lazyChunk(() =>
  import("./programme-overview-from-api").then((loaded) => loaded.ProgrammeOverviewFromApi),
);
