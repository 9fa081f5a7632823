/**
 * How deep the inspector follows data and references. Real payloads are far shallower; reaching it
 * means cyclic data under a recursive schema (or a reference loop), where going on would never end.
 */
export const MAX_INSPECTION_DEPTH = 64
