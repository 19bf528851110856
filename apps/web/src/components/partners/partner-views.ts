import type { ComponentType } from "react";
import { BrokerOverview } from "./broker-overview";
import { IncubationOverview } from "./incubation-overview";
import { InstitutionalOverview, InstitutionalProOverview } from "./institutional-overview";
import { MarketMakerOverview } from "./market-maker-overview";
import type { Programme, ProgrammeAnswer } from "./partner-units";

/** Each partner page's overview: the programme it shows and its view of the programme's figures (none yet: ghosts). */
export const PARTNER_VIEWS = {
  broker: { programme: "broker", View: BrokerOverview },
  marketMaker: { programme: "marketMaker", View: MarketMakerOverview },
  institutional: { programme: "institutional", View: InstitutionalOverview },
  institutionalPro: { programme: "institutional", View: InstitutionalProOverview },
  incubation: { programme: "incubation", View: IncubationOverview },
} as const satisfies Record<string, { programme: Programme; View: ComponentType<{ data: never }> }>;

export type PartnerView = keyof typeof PARTNER_VIEWS;

/** A view and its programme's answer, typed together (indexing with a generic key gives the union of the five). */
export const partnerView = (view: PartnerView) =>
  PARTNER_VIEWS[view] as {
    programme: Programme;
    View: ComponentType<{ data: ProgrammeAnswer<Programme> | undefined }>;
  };
