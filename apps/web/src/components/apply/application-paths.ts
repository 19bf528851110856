/** API paths of the affiliate application (issue 9), shared by the landing page and the apply page. */
export const APPLICATIONS_PATH = "v1/affiliate/applications";
export const MY_APPLICATION_PATH = "v1/affiliate/applications/me";
