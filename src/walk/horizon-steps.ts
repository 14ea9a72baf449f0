// The far horizon's limit: apart from its code, so that a help text can state it without loading it.

/** The largest horizon taken. */
export const HORIZON_MAX_STEPS = 1_000_000_000;
