/**
 * Finland's category pages, `/fi-fi/kategoria/…`: the same route as `/{locale}/kategori/…`, under
 * the prefix Finland's market names (ADR 0037). A file of its own because a route's path is its
 * file name.
 */
export { default, ErrorBoundary, headers, loader, meta } from "./$locale.kategori.$";
