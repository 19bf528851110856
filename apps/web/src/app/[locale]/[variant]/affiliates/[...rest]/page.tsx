import { notFound } from "next/navigation";
import { Shell } from "@/components/shell/shell";
import { NotFoundView } from "@/components/error/not-found-view";
import { notFoundMetadata } from "@/components/error/not-found-metadata";
import { NOT_FOUND_PAGE } from "@/lib/internal-route";
import { routeContext, routeLocale } from "@/lib/route-params";

type Params = Promise<{ locale: string; variant: string; rest: string[] }>;

const NOT_FOUND_SEGMENTS = NOT_FOUND_PAGE.split("/").filter(Boolean);

/**
 * The not-found page, pre-rendered in every locale and variant like the other pages, so its text, links and title are
 * in the HTML (a `notFound()` thrown while a page renders on request leaves the HTML empty until its script runs). The
 * proxy answers every unknown path with it and status 404.
 */
export function generateStaticParams() {
  return [{ rest: NOT_FOUND_SEGMENTS }];
}

export async function generateMetadata({ params }: { params: Params }) {
  return notFoundMetadata(await routeLocale(params));
}

export default async function NotFoundPage({ params }: { params: Params }) {
  const { rest } = await params;
  if (rest.join("/") !== NOT_FOUND_SEGMENTS.join("/")) notFound();
  const { locale, inApp } = await routeContext(params);
  return (
    <Shell locale={locale} inApp={inApp} page="">
      <NotFoundView locale={locale} />
    </Shell>
  );
}
