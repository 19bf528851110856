import { notFound } from "next/navigation";
import { Shell } from "@/components/shell/shell";
import { routeContext, type RouteParams } from "@/lib/route-params";
import { CrashOnRender } from "./crash-on-render";

/** Only with ENABLE_TEST_ROUTES=1 (end-to-end tests): a page whose client component crashes while rendering. */
export const dynamic = "force-dynamic";

export default async function CrashPage({ params }: { params: RouteParams }) {
  if (process.env.ENABLE_TEST_ROUTES !== "1") notFound();
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page="/e2e-crash">
      <CrashOnRender />
    </Shell>
  );
}
