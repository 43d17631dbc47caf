// Terms and privacy were last updated on this date (both: trust and safety, ADR 029).
export const LEGAL_UPDATED = 'November 24, 2026';
