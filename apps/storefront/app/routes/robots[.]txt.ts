import { robotsTxt } from "~/modules/http/robots.server";

/**
 * `/robots.txt`: which addresses crawlers may fetch, and where the sitemap is. The same for
 * everyone and until the next deployment, so browsers and a shared cache in front may keep it for
 * a day.
 */
export function loader() {
  return new Response(robotsTxt(), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
