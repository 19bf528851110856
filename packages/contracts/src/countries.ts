import { z } from "zod";
import { COUNTRY_CODES } from "./country-codes";

/** The schema of a country field: one of the codes, nothing else ("-1", a name or free text is refused). */
export const countryCodeSchema = z.enum(COUNTRY_CODES);
