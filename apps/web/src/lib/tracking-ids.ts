/** Analytics tracking ids of the product's clickable elements (requirements.md §5: "b" followed by digits). */
export const TRACKING_IDS = {
  homeApply: "b1001",
  homeDashboard: "b1002",
  exploreLink: "b1100",
  chatOpen: "b1200",
  languagePicker: "b1300",
  themeToggle: "b1301",
} as const;
