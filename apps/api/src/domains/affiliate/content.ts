/** Message keys of the programme's benefits (the web app's catalogues hold the texts). */
export const AFFILIATE_BENEFITS = [
  "highCommission",
  "dailySettlement",
  "subAffiliates",
  "inviteeShare",
  "realTimeReports",
  "experienceCards",
  "dedicatedManager",
] as const;
