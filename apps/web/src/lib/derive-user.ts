import type { UserOverview } from "@affiliates/contracts";

/** Derived user fields of requirements.md §3, from the user-overview answer. */
export interface DerivedUser {
  userId: string;
  loginName: string;
  userName: string;
  /** Shown only when the phone is bound (mbf = 1). */
  phone: string;
  /** Shown only when the email is bound (ebf = 1). */
  email: string;
  bindPhone: boolean;
  bindEmail: boolean;
  bindGoogle: boolean;
  isFund: boolean;
  fundValue: string;
  fundDisabled: boolean;
  hasRealValidate: boolean;
  openOtc: boolean;
  openContract: boolean;
  identityLevel: number;
  openGtFees: boolean;
  emailEnable: boolean;
  phoneEnable: boolean;
  googleEnable: boolean;
}

const on = (flag: number) => flag === 1;

export function deriveUser(overview: UserOverview): DerivedUser {
  const { userInfo, settings: s } = overview;
  return {
    userId: userInfo.userId,
    loginName: overview.loginName,
    userName: overview.userName,
    phone: on(s.mbf) ? userInfo.mobile : "",
    email: on(s.ebf) ? userInfo.email : "",
    bindPhone: on(s.mbf),
    bindEmail: on(s.ebf),
    bindGoogle: on(s.gbf),
    isFund: on(s.tbf),
    fundValue: s.tpi,
    fundDisabled: on(s.tpl),
    hasRealValidate: s.kf === 2,
    openOtc: on(s.oo),
    openContract: on(s.oc),
    identityLevel: s.kf,
    openGtFees: on(s.ob),
    emailEnable: on(s.eef),
    phoneEnable: on(s.mef),
    googleEnable: on(s.gef),
  };
}

/** The name the header shows: userName, else loginName. */
export const displayName = (user: DerivedUser): string => user.userName || user.loginName;
