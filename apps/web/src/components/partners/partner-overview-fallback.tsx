"use client";
import { lazy, Suspense } from "react";
import type { PartnerView } from "./partner-views";

// Its own chunk, loaded only where it renders: a page's client components are all downloaded with it, rendered or
// not, so the views (rendered on the server when the offer is there) would otherwise come along on every visit.
const PartnerOverviewFromApi = lazy(() =>
  import("./partner-overview-from-api").then((loaded) => ({ default: loaded.PartnerOverviewFromApi })),
);

/** A partner page's overview without the programme's offer: the browser asks for the figures. */
export function PartnerOverviewFallback({ view }: { view: PartnerView }) {
  return (
    <Suspense fallback={null}>
      <PartnerOverviewFromApi view={view} />
    </Suspense>
  );
}
