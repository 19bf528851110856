"use client";
import type { DerivedUser } from "@/lib/derive-user";
import { shellUserOf } from "@/lib/shell-user";
import { useSession } from "./session";

/** The header's and footer's view of the session: whether start-up is complete, and the user when there is a userId. */
export function useShellUser(): { complete: boolean; user: DerivedUser | null } {
  const session = useSession();
  return { complete: session.complete, user: shellUserOf(session) };
}
