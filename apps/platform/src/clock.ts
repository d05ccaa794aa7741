/**
 * Where the platform reads the time for anything that expires (tokens, login attempts). Passed in
 * rather than read from `Date`, so tests move time forward instead of waiting for it.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
