"use client";
import { useEffect } from "react";
import type { FormInstance } from "antd";
import { useSession } from "@/state/session";

export interface AccountPrefill {
  name?: string;
  email?: string;
}

/**
 * What the account already tells about the user, for an application's first values: the name, and the email when
 * the user info gives the whole address (an address shown masked, `us****@example.com`, is no address to send).
 */
export function useAccountPrefill(): AccountPrefill {
  const { userResult } = useSession();
  const name = userResult?.userName.trim() ?? "";
  const email = userResult?.email.trim() ?? "";
  return {
    ...(name ? { name } : {}),
    ...(email && !email.includes("*") ? { email } : {}),
  };
}

/**
 * Fills the fields the user has not touched and that are still empty, also when the values arrive after the form
 * (the session answers later than the form loads). `values` should keep its identity between renders (useMemo).
 */
export function usePrefill(form: FormInstance, values: Readonly<Record<string, string | undefined>>): void {
  useEffect(() => {
    for (const [name, value] of Object.entries(values)) {
      if (!value || form.isFieldTouched(name)) continue;
      const current: unknown = form.getFieldValue(name);
      if (current === undefined || current === null || current === "") form.setFieldValue(name, value);
    }
  }, [form, values]);
}
