import { notFound } from "next/navigation";

/** Any path below /affiliates that is not a page: the not-found page inside the shell. */
export default function UnknownPage() {
  notFound();
}
