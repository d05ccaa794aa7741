import { redirectOnSite } from "~/modules/http/redirect-to";

export function loader() {
  return redirectOnSite("/my-account/overview/");
}
