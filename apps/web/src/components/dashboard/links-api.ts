"use client";
import { AffiliateResponseCode, type AffiliateLinkCreateRequest, type AffiliateLinkUpdateRequest, type ReferralLink } from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";

export const LINKS_PATH = "v1/affiliate/links";

/**
 * Creates a link (with the device token). A taken vanity code is the form's to show next to the code field, so the
 * request client does not toast it too; other refusals are toasted as usual.
 */
export async function createLink(body: AffiliateLinkCreateRequest): Promise<ReferralLink> {
  return http.post<ReferralLink>(LINKS_PATH, body, { headers: await sensitiveCallHeaders(), handledCodes: [AffiliateResponseCode.linkCodeTaken] });
}

/** True for the refusal of a vanity code that is already in use (case-insensitively). */
export const isCodeTaken = (error: unknown): boolean => isHttpError(error) && error.kind === "business" && error.code === AffiliateResponseCode.linkCodeTaken;

/** Changes a link's label, channel, shares or archived state (`PATCH /v1/affiliate/links/:id`, with the device token). */
export async function updateLink(id: number, patch: AffiliateLinkUpdateRequest): Promise<ReferralLink> {
  return http.patch<ReferralLink>(`${LINKS_PATH}/${id}`, patch, { headers: await sensitiveCallHeaders() });
}
