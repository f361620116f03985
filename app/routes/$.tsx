import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { pathForLog } from "~/services/http/access-log.server";
import { log } from "~/services/log.server";

export function loader({ request }: LoaderFunctionArgs) {
  log.warn(`404 : page inexistante ${pathForLog(new URL(request.url).pathname)}`);
  return data(null, { status: 404 });
}

export const meta: MetaFunction = () => [
  { title: "Page introuvable - 404" },
  { name: "robots", content: "noindex, follow" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
