vcl 4.1;

# Varnish in front of the Kassa storefront (issue 16, docs/deployment.md "A shared cache in front").
# The storefront decides what may be shared: an anonymous catalogue page answers
#   Cache-Control: public, max-age=0, s-maxage=30, stale-while-revalidate=30
#   Surrogate-Key: layout product-12 price-12 stock-12 categories
# and everything else `private, no-store`. This file only keeps shoppers apart (who may see a
# shared copy at all), follows those headers, and drops copies when the storefront sends
#   PURGE /   with   xkey-purge: price-12 stock-12
# Debian: varnish (7.1) and varnish-modules (xkey); `cookie` and `std` ship with Varnish.

import std;
import cookie;
import xkey;

# The storefront's address: a file of its own so the rules never change per machine
# (deploy/varnish/start.mjs writes one into Varnish's work folder, found first on vcl_path).
include "kassa-backend.vcl";

# Only the storefront on the same machine may purge: a purge from anyone else would let them empty
# the cache at will and send every shopper to the storefront at once.
acl purgers {
    "127.0.0.0"/8;
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "PURGE needs an xkey-purge header"));
        }
        # A hard purge: the copies are gone, not kept as stale for grace. A price change must not
        # be shown at the old price even once more.
        set req.http.X-Purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.X-Purged));
    }
    # The purge header means nothing on any other request; it never reaches the storefront.
    unset req.http.xkey-purge;

    # What a proxy says about the request (the host, scheme and port the shopper asked for) is the
    # client's own word when it reaches Varnish, the first proxy. The storefront trusts Varnish's
    # forwarded headers (KASSA_TRUSTED_PROXIES), so a client's must not pass for them, nor shape a
    # page that is then kept and replayed to everyone (issue 28: `X-Forwarded-Host: evil.example`
    # in every visitor's links). The storefront needs none of them: its links are built on
    # KASSA_PUBLIC_ORIGIN. X-Forwarded-For stays: varnishd appends the client's address to it, and
    # the storefront reads the chain from the right, past its trusted proxies only, so a client's
    # own entries on the left are never taken, while a TLS proxy's entry in front of Varnish is.
    unset req.http.X-Forwarded-Host;
    unset req.http.X-Forwarded-Proto;
    unset req.http.X-Forwarded-Port;
    unset req.http.X-Forwarded-Server;
    unset req.http.Forwarded;

    # The storefront's metrics are for the scraper on the inside, which asks a storefront directly
    # (ADR 0042): never through the cache, whoever asks. The storefront itself answers 404 to any
    # address outside KASSA_METRICS_ALLOWED; this keeps even a wrong setting from opening them.
    # Any case, a trailing slash, a query, and the absolute form (`GET http://host/metrics`),
    # as the storefront's router would take each.
    if (req.url ~ "(?i)^(https?://[^/]*)?/metrics/?(\?.*)?$") {
        return (synth(404, "Not Found"));
    }

    # Anything but HTTP's own methods (TRACE, CONNECT, WebDAV, BAN, typos) is refused here rather
    # than piped to the storefront as Varnish's built-in rules would.
    if (req.method !~ "^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$") {
        return (synth(405, "Method Not Allowed"));
    }
    # Posts (add to cart, log in, every form with JavaScript off) always reach the storefront,
    # and their answers are private.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }

    # The shopper is anonymous when the only cookies are the language, the market and the cookie
    # choice (kassa_consent, ADR 0038): off a public page's URL those change the page, so they are
    # part of the key below; the choice does on every page. Any other cookie (cartToken, userToken,
    # kassa_flash, the wishlist, or one we have never heard of) means the page may be this
    # shopper's own: pass, with the cookies untouched.
    unset req.http.X-Kassa-Lng;
    unset req.http.X-Kassa-Market;
    unset req.http.X-Kassa-Consent;
    unset req.http.X-Kassa-Prefix;
    if (req.http.Cookie) {
        cookie.parse(req.http.Cookie);
        # Where the shop's cookies are Secure (production) each is a `__Host-` cookie (issue 38,
        # ADR 0049: `__Host-lng`, `__Host-market`, `__Host-kassa_consent`); over plain HTTP they
        # keep their names. The storefront reads one spelling only, so the spelling is part of the
        # key: a page rendered for `lng=en` (which a Secure shop ignores) never answers a request
        # with `__Host-lng=en`. Both spellings at once are no shopper of this shop: pass.
        if (cookie.isset("__Host-lng") || cookie.isset("__Host-market") ||
            cookie.isset("__Host-kassa_consent")) {
            set req.http.X-Kassa-Prefix = "__Host-";
        }
        set req.http.X-Kassa-Lng = cookie.get(req.http.X-Kassa-Prefix + "lng");
        set req.http.X-Kassa-Market = cookie.get(req.http.X-Kassa-Prefix + "market");
        set req.http.X-Kassa-Consent = cookie.get(req.http.X-Kassa-Prefix + "kassa_consent");
        cookie.filter(req.http.X-Kassa-Prefix + "lng," + req.http.X-Kassa-Prefix + "market," +
            req.http.X-Kassa-Prefix + "kassa_consent");
        if (cookie.get_string() != "") {
            return (pass);
        }
        # What the parser cannot read as name=value (a bare `cartToken`) is not proof of an
        # anonymous shopper either.
        if (req.http.Cookie ~ "(^|;)\s*(?!(__Host-)?(lng|market|kassa_consent)=)[^;\s]") {
            return (pass);
        }
        # Only a choice as the storefront writes it (version.statistics.marketing.day) counts; the
        # storefront shows the banner for anything else, as for no cookie, so it is dropped here
        # and the page is the one without a choice.
        if (req.http.X-Kassa-Consent !~ "^[0-9]{1,4}\.[01]\.[01]\.[0-9]{8}$") {
            unset req.http.X-Kassa-Consent;
        }
        # The same two cookies in one spelling and order, so that the storefront renders from
        # exactly what the key holds and a `Vary: Cookie` would not split copies by order.
        unset req.http.Cookie;
        if (req.http.X-Kassa-Lng ~ ".") {
            set req.http.Cookie = req.http.X-Kassa-Prefix + "lng=" + req.http.X-Kassa-Lng;
        }
        if (req.http.X-Kassa-Market ~ ".") {
            if (req.http.Cookie) {
                set req.http.Cookie = req.http.Cookie + "; " + req.http.X-Kassa-Prefix +
                    "market=" + req.http.X-Kassa-Market;
            } else {
                set req.http.Cookie = req.http.X-Kassa-Prefix + "market=" + req.http.X-Kassa-Market;
            }
        }
        if (req.http.X-Kassa-Consent) {
            if (req.http.Cookie) {
                set req.http.Cookie = req.http.Cookie + "; " + req.http.X-Kassa-Prefix +
                    "kassa_consent=" + req.http.X-Kassa-Consent;
            } else {
                set req.http.Cookie = req.http.X-Kassa-Prefix + "kassa_consent=" +
                    req.http.X-Kassa-Consent;
            }
        }
        # A cookie the parser did not find leaves an empty header, which hashes unlike an absent
        # one: without this, `Cookie: kassa_consent=junk` would get a copy of its own of the page
        # a visitor without cookies gets.
        if (req.http.X-Kassa-Lng !~ ".") {
            unset req.http.X-Kassa-Lng;
        }
        if (req.http.X-Kassa-Market !~ ".") {
            unset req.http.X-Kassa-Market;
        }
    }

    # A public page names its market and language in its path (`/fi-fi/…`, ADR 0037): the two
    # cookies choose nothing there, so every anonymous visitor shares one copy per URL and the
    # storefront renders it from the URL alone.
    # The cookie choice still counts there: whether the page shows the banner, and the consent it
    # pushes (ADR 0038).
    if (req.url ~ "^/[a-z]{2}-[a-z]{2}(/|\?|$)") {
        unset req.http.Cookie;
        unset req.http.X-Kassa-Lng;
        unset req.http.X-Kassa-Market;
        if (req.http.X-Kassa-Consent) {
            set req.http.Cookie = req.http.X-Kassa-Prefix + "kassa_consent=" +
                req.http.X-Kassa-Consent;
        }
    }

    # Query strings are part of the key. Campaign tags (utm_*, click ids) are read by analytics in
    # the browser, never by the storefront: without them every ad click would be a miss of its
    # own. Sorting makes `?a=1&b=2` and `?b=2&a=1` one copy.
    if (req.url ~ "\?") {
        set req.url = regsuball(req.url, "([?&])(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|msclkid|mc_eid)=[^&]*", "\1");
        set req.url = regsuball(req.url, "&&+", "&");
        set req.url = regsub(req.url, "\?&", "?");
        set req.url = regsub(req.url, "[?&]$", "");
        set req.url = std.querysort(req.url);
    }
    set req.http.Host = std.tolower(req.http.Host);

    # A lookup: one fetch per key while the others wait for it (request coalescing), and a copy
    # past its ttl but within grace is served at once while Varnish fetches a new one.
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.Host) {
        hash_data(req.http.Host);
    } else {
        hash_data(server.ip);
    }
    # The cookies' spelling (issue 38): `__Host-` where the shop's cookies are Secure.
    hash_data("prefix=" + req.http.X-Kassa-Prefix);
    # Named, so a missing language and a missing market can never make the same key.
    hash_data("lng=" + req.http.X-Kassa-Lng);
    hash_data("market=" + req.http.X-Kassa-Market);
    # The cookie choice without its day: a page shows the banner or not and pushes the consent
    # state of the version and the two choices, never the day, which would split the cache per
    # shopper. A handful of copies per page: no choice, and each of the four choices.
    if (req.http.X-Kassa-Consent) {
        hash_data("consent=" + regsub(req.http.X-Kassa-Consent, "\.[0-9]{8}$", ""));
    } else {
        hash_data("consent=");
    }
    return (lookup);
}

sub vcl_backend_fetch {
    unset bereq.http.X-Kassa-Lng;
    unset bereq.http.X-Kassa-Market;
    unset bereq.http.X-Kassa-Consent;
    unset bereq.http.X-Kassa-Prefix;
    return (fetch);
}

sub vcl_backend_response {
    # xkey indexes the object by the words of its `xkey` header; the storefront speaks the
    # CDNs' name for the same thing (Surrogate-Key, as Fastly reads it).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
        unset beresp.http.Surrogate-Key;
    }
    # A pass (a shopper's own page, a post): nothing to decide.
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the storefront explicitly shares is kept. A Set-Cookie would hand one shopper's
    # cookie to the next; private/no-store is the storefront saying "this one is someone's own";
    # and without a max-age or s-maxage Varnish would guess (its default_ttl of 2 minutes).
    if (beresp.http.Set-Cookie ||
        beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" ||
        beresp.http.Cache-Control !~ "(?i)(s-maxage|max-age)=" ||
        beresp.http.Vary == "*" ||
        beresp.ttl <= 0s) {
        # Hit-for-miss: for two minutes requests for this key go straight to the storefront side
        # by side instead of queueing behind each other for a copy that will not come; an answer
        # that is shareable again is stored as usual.
        set beresp.ttl = 120s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # beresp.ttl already follows s-maxage (before max-age, RFC 9111). Grace follows the
    # storefront's stale-while-revalidate, and nothing else: after it, a shopper waits for a
    # fresh page rather than seeing an old one.
    if (beresp.http.Cache-Control ~ "(?i)stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s"),
            0s);
    } else {
        set beresp.grace = 0s;
    }
    # One gzipped copy serves every shopper: Varnish asks the storefront for gzip (its
    # http_gzip_support) and unzips on the way out for the rare client without it. Brotli would
    # mean a copy per encoding (see the deployment notes). What came uncompressed (small answers
    # under the storefront's threshold) is compressed here once instead of never.
    if (!beresp.http.Content-Encoding &&
        beresp.http.Content-Type ~ "(?i)^(text/|application/(json|javascript|xml|manifest\+json)|image/svg)") {
        set beresp.do_gzip = true;
    }
    return (deliver);
}

sub vcl_deliver {
    # A copy served within grace counts as a hit: the shopper did not wait for the storefront.
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The keys are between the storefront and its caches; shoppers need not see the catalogue's ids.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    return (deliver);
}

sub vcl_synth {
    # Short plain answers (the purge count, 403, 405) instead of Varnish's HTML error page.
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    if (req.http.X-Purged) {
        set resp.http.X-Purged = req.http.X-Purged;
    }
    set resp.body = resp.reason + {"
"};
    return (deliver);
}
