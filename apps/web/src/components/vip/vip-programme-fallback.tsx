"use client";
import { lazyChunk } from "@/components/loading/client-lazy";

/** The VIP programme without its offer: the browser asks for it. */
export const VipProgrammeFallback = lazyChunk(() =>
  import("./vip-programme-from-api").then((loaded) => loaded.VipProgrammeFromApi),
);
