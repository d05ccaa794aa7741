/**
 * Upper bounds of the strings request bodies carry. Every string that is stored or looked up gets
 * one, so no field can grow a row or a query past what its meaning needs (a 1 MB "id" used to be
 * accepted and stored).
 */

/** Ids, slugs, tags, store group and market codes: the seed's are all well under 100. */
export const MAX_ID_LENGTH = 100;

/** A language tag (`sv`, `sv-SE`); BCP 47 tags in practice fit in 35 characters. */
export const MAX_LANGUAGE_LENGTH = 35;
