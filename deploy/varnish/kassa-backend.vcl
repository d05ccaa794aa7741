# The storefront Varnish forwards to. Kept apart from kassa.vcl so that the rules stay the same
# file everywhere and only this one differs per machine: `deploy/varnish/start.mjs --backend`
# writes its own copy into Varnish's work folder, which comes first in `vcl_path`; on a server,
# edit this copy next to kassa.vcl in /etc/varnish.
backend storefront {
    .host = "127.0.0.1";
    .port = "3000";
    # A page the storefront renders can wait on the platform; Varnish's default 60 s would hold a
    # shopper far longer than the storefront's own timeouts do.
    .first_byte_timeout = 30s;
    # /healthz answers without touching the platform: it says "the storefront process is up" and
    # keeping up (503 while its render line is saturated, ADR 0033), which is what decides
    # whether Varnish should send it anything. While it is sick, Varnish
    # answers misses with 503 at once and serves what it still holds in grace. Sick after three
    # failed probes of the last five, healthy again after three good ones: every 2 s, so a
    # restarted storefront is back within about 6 s.
    .probe = {
        .url = "/healthz";
        .interval = 2s;
        .timeout = 1s;
        .window = 5;
        .threshold = 3;
        # Healthy from the start: the first shopper must not wait for three probes.
        .initial = 3;
    }
}
