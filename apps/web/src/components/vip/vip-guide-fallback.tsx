"use client";
import { lazyChunk } from "@/components/loading/client-lazy";

/** The guide without its offers: the browser asks for them. */
export const VipGuideFallback = lazyChunk(() =>
  import("./vip-guide-from-api").then((loaded) => loaded.VipGuideFromApi),
);
